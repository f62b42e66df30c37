import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { passwordError } from '@inkwell/contracts';
import { LockIcon } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { useResetPassword } from './api/reset-password.ts';

/** The page a reset mail links to: a new password (sign-up's rule), then sign in with it. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const errors = useFormErrors('reset-password');
  const reset = useResetPassword({
    onSuccess: ({ message }) => {
      errors.succeed(message);
      navigate('/signin', { replace: true });
    },
    onError: (e) => errors.refuse(e.message),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const error = passwordError(password);
    if (error) {
      errors.refuse(error);
      return;
    }
    reset.mutate({ token, password });
  };

  return (
    <section className="flex min-h-[calc(100vh-80px)] items-center justify-center py-10">
      <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate className="w-[80%] max-w-[400px]">
        <h1 className="mb-6 text-center font-serif text-4xl">Choose a new password</h1>
        <p className="mb-8 text-center text-neutral-600">
          6 to 20 characters with a number, a lowercase and an uppercase letter.
        </p>
        <TextField
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          icon={<LockIcon />}
          error={errors.about('password')}
        />
        <button
          type="submit"
          className="btn-dark mx-auto mt-8 block px-10"
          disabled={reset.isPending || reset.isSuccess}
        >
          Set new password
        </button>
        <p className="mt-8 text-center text-neutral-500">
          Link expired?
          <Link to="/forgot-password" className="ml-1 text-neutral-900 underline">
            Ask for a new one
          </Link>
        </p>
      </form>
    </section>
  );
}
