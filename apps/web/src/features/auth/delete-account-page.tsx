import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_DELETED, DELETED_MEMBER, ErrorMessages, type DeleteAccountBody } from '@inkwell/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LockIcon } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { ownProfileQuery } from '../settings/index.ts';
import { useDeleteAccount } from './api/delete-account.ts';
import { GoogleButton } from './components/google-button.tsx';

const DELETE_BUTTON = 'rounded-full bg-red-600 px-5 py-2 text-white hover:bg-red-700 disabled:opacity-50';

/**
 * docs/product/screens.md Delete account: what goes and what stays, then the member confirms it is
 * them (their password, or Google for an account made with it) and confirms again; the server
 * deletes everything, and the app forgets the session and goes home.
 */
export function DeleteAccountPage() {
  usePageTitle('Delete account');
  const profile = useQuery(ownProfileQuery());
  const errors = useFormErrors('delete-account');
  const { clearSession } = useSession();
  const navigate = useNavigate();
  /** How the member proved it is them, waiting for their last word. */
  const [confirming, setConfirming] = useState<DeleteAccountBody | null>(null);
  // The session is forgotten once the screen has given way to the home page: forgotten while this
  // signed-in screen still shows, the guard would send them to sign in (navigating is a transition).
  const gone = useRef(false);
  useEffect(() => () => void (gone.current && clearSession()), [clearSession]);
  const remove = useDeleteAccount({
    onMutate: () => errors.progress('Deleting your account…'),
    onSuccess: () => {
      errors.succeed(ACCOUNT_DELETED);
      gone.current = true;
      navigate('/');
    },
    onError: (error) => {
      setConfirming(null);
      // The password refused is the field's to show (the shared map of server refusals' fields is on every page).
      const aboutPassword = error instanceof ApiError && error.code === 'delete_wrong_password';
      errors.refuse(aboutPassword ? { field: 'password', message: error.message } : error);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return errors.refuse({ field: 'password', message: ErrorMessages.password_confirmation_required });
    setConfirming({ password });
  };

  return (
    <section className="max-w-[550px]">
      <h1 className="mb-6 text-2xl max-md:sr-only">Delete account</h1>
      <p className="mb-4 text-neutral-700">Deleting your account is for good: nothing of it can be brought back.</p>
      <h2 className="mt-6 mb-2 text-xl">What goes</h2>
      <p className="mb-4 text-neutral-700">
        Your profile, your blogs and drafts with their revisions, preview links and images, your likes, follows and
        reading list, your subscribers and subscriptions, your notifications and reports, and every device you are
        signed in on. Readers who follow you from Mastodon or elsewhere on the fediverse are told your posts and your
        profile are gone.
      </p>
      <h2 className="mt-6 mb-2 text-xl">What stays</h2>
      <p className="mb-4 text-neutral-700">
        Your comments that others replied to stay, reading “{DELETED_MEMBER}”, without your name or picture, so their
        conversations keep their shape. Your other comments go.
      </p>
      <p className="mb-6 text-neutral-700">
        Want a copy first?{' '}
        <Link to="/settings/data" className="underline underline-offset-2">
          Download your data
        </Link>{' '}
        before you delete your account.
      </p>
      {profile.isPending && <p className="text-neutral-500">Loading…</p>}
      {profile.isError && <p role="alert">Could not load your account. Please try again.</p>}
      {profile.data?.role === 'owner' ? (
        <p className="text-neutral-700">
          {ErrorMessages.owner_cannot_leave}: each member’s{' '}
          <Link to="/admin/members" className="underline underline-offset-2">
            Hand over the site
          </Link>
          .
        </p>
      ) : confirming ? (
        <ConfirmDialog
          confirmLabel="Delete my account"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        >
          Delete your account and everything in it for good? This cannot be undone.
        </ConfirmDialog>
      ) : profile.data?.hasPassword ? (
        <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate aria-label="Delete account">
          <TextField
            name="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            icon={<LockIcon />}
            showLabel
            error={errors.about('password')}
          />
          <button type="submit" className={DELETE_BUTTON}>
            Delete account
          </button>
        </form>
      ) : (
        profile.data && (
          <>
            <p className="mb-4 text-neutral-700">Your account signs in with Google: confirm it is you with Google.</p>
            <GoogleButton
              label="Confirm with Google"
              busy={remove.isPending}
              onCredential={(credential) => setConfirming({ credential })}
              onError={errors.refuse}
              className="px-10"
            />
          </>
        )
      )}
    </section>
  );
}
