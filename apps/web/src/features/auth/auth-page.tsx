import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authError, countOf, ErrorMessages, Limits, type ApplicationReceived, type Session } from '@inkwell/contracts';
import { fieldErrorProps, FieldErrorMessage } from '../../components/field-error-message.tsx';
import { LockIcon, UserIcon } from '../../components/icons.tsx';
import { ProofOfWorkField } from '../../components/proof-of-work-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormErrors, type FieldMessage } from '../../lib/use-form-errors.ts';
import { usePublicConfig } from './api/public-config.ts';
import { useSignIn } from './api/sign-in.ts';
import { useSignUp } from './api/sign-up.ts';
import { AtSignIcon } from './components/at-sign-icon.tsx';
import { GoogleSignInButton } from './components/google-sign-in-button.tsx';
import { AUTH_FORM, useCompleteSignIn } from './use-complete-sign-in.ts';

/*
 * Deleting an account shows Google's button too: its screen is loaded with this one, one chunk for
 * both, so the reading pages' script names one file for them, not three (bundle-budget.json).
 */
export { DeleteAccountPage } from './delete-account-page.tsx';

/** docs/product/screens.md authentication screen: one form, two modes; switching modes starts the form afresh. */
export function AuthPage({ type }: { type: 'sign-in' | 'sign-up' }) {
  return <AuthForm key={type} type={type} />;
}

function AuthForm({ type }: { type: 'sign-in' | 'sign-up' }) {
  const isSignUp = type === 'sign-up';
  usePageTitle(isSignUp ? 'Sign Up' : 'Sign In');
  const completeSignIn = useCompleteSignIn();
  const errors = useFormErrors(AUTH_FORM);
  // Who may join (docs/product/screens.md): an unknown answer leaves the form as it is, the server decides.
  const config = usePublicConfig();
  const registration = config.data?.registration ?? 'open';
  const invite = useSearchParams()[0].get('invite') ?? undefined;
  const [reason, setReason] = useState('');
  const [applied, setApplied] = useState<ApplicationReceived>();
  // The site asks a newcomer for a proof of work: the widget's payload, and a new widget after each
  // refusal (the server spent the solution sent).
  const proofOfWork = isSignUp && config.data?.proofOfWork === true;
  const [altcha, setAltcha] = useState<string>();
  const [widget, setWidget] = useState(0);
  const answered = (answer: Session | ApplicationReceived) => {
    if ('status' in answer) {
      errors.succeed();
      setApplied(answer);
    } else completeSignIn(answer);
  };
  const refused = (error: Error) => {
    errors.refuse(error);
    setAltcha(undefined);
    setWidget((n) => n + 1);
  };
  const sent = { onSuccess: answered, onError: refused };
  const signIn = useSignIn(sent);
  const signUp = useSignUp(sent);
  const send = isSignUp ? signUp : signIn;
  // Still busy once signed in, while the screen changes.
  const busy = send.isPending || send.isSuccess;
  const joining = { reason: registration === 'approval' ? reason : undefined, invite };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    const credentials = { email: field('email'), password: field('password') };
    const fullname = isSignUp ? field('fullname') : undefined;
    // docs/product/rules.md: the rules in order; a failure is a toast (and a message beside its field) and nothing is sent.
    const error =
      authError({ ...credentials, fullname }) ??
      (isSignUp && registration === 'approval' && !reason.trim()
        ? { field: 'reason', message: ErrorMessages.application_reason_required }
        : undefined) ??
      (proofOfWork && !altcha ? ErrorMessages.proof_of_work_required : undefined);
    if (error) {
      errors.refuse(error);
      return;
    }
    if (fullname === undefined) signIn.mutate(credentials);
    else signUp.mutate({ ...credentials, fullname, ...joining, altcha });
  };

  if (applied) return <Applied message={applied.message} />;
  if (isSignUp) {
    if (config.isPending) return <p className="p-10 text-neutral-500">Loading…</p>;
    if (registration === 'closed') return <NotJoining>{ErrorMessages.registration_closed}</NotJoining>;
    if (registration === 'invite' && !invite) return <NotJoining>{ErrorMessages.invite_required}.</NotJoining>;
  }

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
        {isSignUp && registration === 'approval' && (
          <ReasonField value={reason} onChange={setReason} error={errors.about('reason')} />
        )}
        {proofOfWork && <ProofOfWorkField key={widget} onChange={setAltcha} />}

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

        <GoogleSignInButton joining={isSignUp ? joining : undefined} onAnswer={answered} onError={errors.refuse} />

        {isSignUp ? (
          <SignInLink />
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

const SignInLink = () => (
  <p className="mt-6 text-center text-xl text-neutral-500">
    Already a member ?
    <Link to="/signin" className="ml-1 text-xl text-neutral-900 underline">
      Sign in here
    </Link>
  </p>
);

/** Why the newcomer wants to join, for a site whose staff approve who joins; its limit counted down. */
function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (reason: string) => void;
  error: FieldMessage | undefined;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-neutral-600">
        Why do you want to join?
      </label>
      <textarea
        id={id}
        name="reason"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={Limits.applicationReasonMax}
        rows={4}
        {...fieldErrorProps(error, `${id}-hint ${id}-left`)}
        className="input-box resize-none"
      />
      <FieldErrorMessage error={error} />
      <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-500">
        The site’s staff read it before your account is made.
      </p>
      <p id={`${id}-left`} aria-live="polite" className="text-right text-sm text-neutral-500">
        {countOf(Limits.applicationReasonMax - value.length, 'character')} left
      </p>
    </div>
  );
}

interface SignUpNoticeProps {
  title: string;
  children: ReactNode;
  link: ReactNode;
  /** It replaced the form the keyboard was in: start again at its heading. */
  takeFocus?: boolean;
}

/** What the sign-up screen says in place of the form: the application was sent, or the site takes nobody new this way. */
function SignUpNotice({ title, children, link, takeFocus = false }: SignUpNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <section className="flex min-h-[calc(100vh-80px)] items-center justify-center py-10">
      <div className="w-[80%] max-w-[400px] text-center">
        <h1 ref={heading} tabIndex={-1} className="mb-8 font-serif text-4xl">
          {title}
        </h1>
        <p className="text-xl">{children}</p>
        {link}
      </div>
    </section>
  );
}

const Applied = ({ message }: { message: string }) => (
  <SignUpNotice
    title="Application sent"
    takeFocus
    link={
      <p className="mt-6 text-xl">
        <Link to="/" className="underline">
          Back to the home page
        </Link>
      </p>
    }
  >
    {message}
  </SignUpNotice>
);

const NotJoining = ({ children }: { children: ReactNode }) => (
  <SignUpNotice title="Sign up" link={<SignInLink />}>
    {children}
  </SignUpNotice>
);
