import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { emailError } from '@inkwell/contracts';
import { TextField } from '../../components/text-field.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { AtSignIcon } from './components/at-sign-icon.tsx';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const errors = useFormErrors('forgot-password');
  const send = useForgotPassword({
    onSuccess: () => errors.succeed(),
    onError: (e) => errors.refuse(e.message),
  });
  const sent = send.data?.message;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const error = emailError(email);
    if (error) {
      errors.refuse(error);
      return;
    }
    send.mutate({ email });
  };

  return (
    <section className="flex min-h-[calc(100vh-80px)] items-center justify-center py-10">
      <div className="w-[80%] max-w-[400px]">
        <h1 className="mb-6 text-center font-serif text-4xl">Forgot password?</h1>
        {sent ? (
          <p role="status" className="text-center text-xl text-neutral-600">
            {sent}
          </p>
        ) : (
          <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate>
            <p className="mb-8 text-center text-neutral-600">
              Enter the email of your account and we will send you a link to choose a new password.
            </p>
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              icon={<AtSignIcon />}
              error={errors.about('email')}
            />
            <button type="submit" className="btn-dark mx-auto mt-8 block px-10" disabled={send.isPending}>
              Send reset link
            </button>
          </form>
        )}
        <p className="mt-8 text-center text-xl text-neutral-500">
          Remembered it?
          <Link to="/signin" className="ml-1 text-neutral-900 underline">
            Sign in here
          </Link>
        </p>
      </div>
    </section>
  );
}
