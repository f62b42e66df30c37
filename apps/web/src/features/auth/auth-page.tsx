import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { authError } from '@inkwell/contracts';
import { LockIcon, UserIcon } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { useSignIn } from './api/sign-in.ts';
import { useSignUp } from './api/sign-up.ts';
import { AtSignIcon } from './components/at-sign-icon.tsx';
import { GoogleSignInButton } from './components/google-sign-in-button.tsx';
import { AUTH_FORM, useCompleteSignIn } from './use-complete-sign-in.ts';

/** docs/product/screens.md authentication screen: one form, two modes; switching modes starts the form afresh. */
export function AuthPage({ type }: { type: 'sign-in' | 'sign-up' }) {
  return <AuthForm key={type} type={type} />;
}

function AuthForm({ type }: { type: 'sign-in' | 'sign-up' }) {
  const isSignUp = type === 'sign-up';
  usePageTitle(isSignUp ? 'Sign Up' : 'Sign In');
  const completeSignIn = useCompleteSignIn();
  const errors = useFormErrors(AUTH_FORM);
  const sent = { onSuccess: completeSignIn, onError: (e: Error) => errors.refuse(e) };
  const signIn = useSignIn(sent);
  const signUp = useSignUp(sent);
  const send = isSignUp ? signUp : signIn;
  // Still busy once signed in, while the screen changes.
  const busy = send.isPending || send.isSuccess;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    const credentials = { email: field('email'), password: field('password') };
    const fullname = isSignUp ? field('fullname') : undefined;
    // docs/product/rules.md: the rules in order; a failure is a toast (and a message beside its field) and nothing is sent.
    const error = authError({ ...credentials, fullname });
    if (error) {
      errors.refuse(error);
      return;
    }
    if (fullname === undefined) signIn.mutate(credentials);
    else signUp.mutate({ ...credentials, fullname });
  };

  return (
    <section className="flex min-h-[calc(100vh-80px)] items-center justify-center py-10">
      <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate className="w-[80%] max-w-[400px]">
        <h1 className="mb-16 text-center font-serif text-4xl">{isSignUp ? 'Join us today' : 'Welcome back'}</h1>

        {isSignUp && (
          <TextField
            name="fullname"
            label="Full Name"
            type="text"
            autoComplete="name"
            icon={<UserIcon />}
            error={errors.about('fullname')}
          />
        )}
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          icon={<AtSignIcon />}
          error={errors.about('email')}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          icon={<LockIcon />}
          error={errors.about('password')}
        />

        {!isSignUp && (
          <p className="-mt-1 text-right">
            <Link to="/forgot-password" className="text-neutral-600 underline hover:text-neutral-900">
              Forgot password?
            </Link>
          </p>
        )}

        <button type="submit" className="btn-dark mx-auto mt-10 block px-10" disabled={busy}>
          {isSignUp ? 'Sign Up' : 'Sign In'}
        </button>

        <GoogleSignInButton onError={errors.refuse} />

        {isSignUp ? (
          <p className="mt-6 text-center text-xl text-neutral-500">
            Already a member ?
            <Link to="/signin" className="ml-1 text-xl text-neutral-900 underline">
              Sign in here
            </Link>
          </p>
        ) : (
          <p className="mt-6 text-center text-xl text-neutral-500">
            Don't have an account ?
            <Link to="/signup" className="ml-1 text-xl text-neutral-900 underline">
              Join us today
            </Link>
          </p>
        )}
      </form>
    </section>
  );
}
