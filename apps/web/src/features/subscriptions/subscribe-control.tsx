import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { emailError } from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../components/field-error-message.tsx';
import { useHydrated } from '../../lib/hydration.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { subscriptionQuery, useChangeSubscription, useSubscribeByEmail } from './api/subscriptions.ts';

/**
 * The profile's Subscribe by e-mail: a button for a signed-in reader (their account's address,
 * at once), an address field for a visitor (who confirms from a mail). Shown once the page has
 * hydrated, as only the browser knows the session.
 */
export function SubscribeControl({ username }: { username: string }) {
  const hydrated = useHydrated();
  const { session } = useSession();
  if (!hydrated) return null;
  return session ? <SubscribeButton username={username} /> : <SubscribeForm username={username} />;
}

function SubscribeButton({ username }: { username: string }) {
  const state = useQuery(subscriptionQuery(username));
  const subscribed = state.data?.subscribed ?? false;
  const change = useChangeSubscription(username, subscribed, { onError: (error) => notifyError(error.message) });
  return (
    <button
      type="button"
      className={`${subscribed ? 'btn-light' : 'btn-dark'} w-fit`}
      aria-pressed={subscribed}
      disabled={state.isPending || change.isPending}
      onClick={() => change.mutate()}
    >
      {subscribed ? 'Unsubscribe by e-mail' : 'Subscribe by e-mail'}
    </button>
  );
}

function SubscribeForm({ username }: { username: string }) {
  const id = useId();
  const errors = useFormErrors('subscribe');
  const send = useSubscribeByEmail(username, {
    onSuccess: () => errors.succeed(),
    onError: (error) => errors.refuse(error.message),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const error = emailError(email);
    if (error) return errors.refuse(error);
    send.mutate(email.trim());
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
    <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate className="w-full max-w-[320px]">
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
    </form>
  );
}
