import { useId, useState, type FormEvent } from 'react';
import { AuthMessages, emailError } from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../components/field-error-message.tsx';
import { ProofOfWorkField } from '../../components/proof-of-work-field.tsx';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { usePublicConfig } from '../auth/index.ts';
import { useSubscribeByEmail } from './api/subscriptions.ts';

/**
 * A visitor's Subscribe by e-mail: an address, confirmed from the mail that follows, and the proof
 * of work the site may ask of visitors (a new one after each refusal: the server spent the one sent).
 * Whether it is asked is learnt once the form is touched: a reading page asks the server nothing more.
 */
export function SubscribeForm({ username }: { username: string }) {
  const id = useId();
  const errors = useFormErrors('subscribe');
  const [touched, setTouched] = useState(false);
  const proofOfWork = usePublicConfig(touched).data?.proofOfWork === true;
  const [altcha, setAltcha] = useState<string>();
  const [widget, setWidget] = useState(0);
  const send = useSubscribeByEmail(username, {
    onSuccess: () => errors.succeed(),
    onError: (error) => {
      errors.refuse(error.message);
      setAltcha(undefined);
      setWidget((n) => n + 1);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const error = emailError(email) ?? (proofOfWork && !altcha ? AuthMessages.proofOfWorkRequired : undefined);
    if (error) return errors.refuse(error);
    send.mutate({ email: email.trim(), altcha });
  };
  if (send.data) {
    return (
      <p role="status" className="max-w-[320px] text-neutral-700">
        {send.data.message}
      </p>
    );
  }
  const error = errors.about('email');
  return (
    <form
      onSubmit={onSubmit}
      onChange={errors.onEdit}
      onFocus={() => setTouched(true)}
      noValidate
      className="w-full max-w-[320px]"
    >
      <label htmlFor={id} className="mb-1 block text-neutral-700">
        Get new blogs by e-mail
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="input-box min-w-0 flex-1"
          {...fieldErrorProps(error)}
        />
        <button type="submit" className="btn-dark px-4" disabled={send.isPending}>
          Subscribe
        </button>
      </div>
      <FieldErrorMessage error={error} />
      {proofOfWork && <ProofOfWorkField key={widget} onChange={setAltcha} />}
    </form>
  );
}
