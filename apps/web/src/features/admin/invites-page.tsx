import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Limits, type Invite } from '@inkwell/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { useCreateInvite, useInvites, useRevokeInvite } from './api/joining.ts';
import { AdminLayout } from './components/admin-layout.tsx';

/** The invitation links, for admins: make one (its link shown once), and the list, each with Revoke. */
export function InvitesPage() {
  return (
    <AdminLayout title="Invitations">
      <InviteForm />
      <InviteList />
    </AdminLayout>
  );
}

/** The address a newcomer opens: the sign-up form, with the token it sends. */
const inviteLink = (token: string) => `${location.origin}/signup?invite=${encodeURIComponent(token)}`;

function InviteForm() {
  const [link, setLink] = useState<string>();
  const create = useCreateInvite({
    onMutate: () => formProgress('create-invite', 'Making a link…'),
    onSuccess: ({ token }) => {
      formSuccess('create-invite', 'Invitation link made');
      setLink(inviteLink(token));
    },
    onError: (error) => formError('create-invite', error.message),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    create.mutate({
      note: String(data.get('note') ?? ''),
      days: Number(data.get('days')),
      maxUses: Number(data.get('maxUses')),
    });
  };

  return (
    <>
      <form onSubmit={onSubmit} className="mb-6 max-w-[550px]">
        <label className="mb-4 block">
          <span className="mb-1 block text-neutral-600">Note (for the staff: who it is for)</span>
          <input name="note" maxLength={200} autoComplete="off" className="input-box w-full" />
        </label>
        <div className="mb-6 flex flex-wrap gap-4">
          <label className="block">
            <span className="mb-1 block text-neutral-600">Days it lasts (1–{Limits.inviteDaysMax})</span>
            <input
              name="days"
              type="number"
              required
              min={1}
              max={Limits.inviteDaysMax}
              defaultValue={7}
              className="input-box"
            />
          </label>
          <label className="block">
            <span className="mb-1 block text-neutral-600">Accounts it opens (1–{Limits.inviteUsesMax})</span>
            <input
              name="maxUses"
              type="number"
              required
              min={1}
              max={Limits.inviteUsesMax}
              defaultValue={1}
              className="input-box"
            />
          </label>
        </div>
        <button type="submit" className="btn-dark px-10" disabled={create.isPending}>
          Make a link
        </button>
      </form>
      {link && <NewLink key={link} link={link} />}
    </>
  );
}

/** A link just made, to copy now: the server keeps only its hash. It takes the focus, selected. */
function NewLink({ link }: { link: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      formSuccess('create-invite', 'Link copied');
    } catch {
      formError('create-invite', 'Could not copy: select the link and copy it yourself');
    }
  };

  return (
    <div className="mb-8 max-w-[550px] rounded-md border border-neutral-200 p-4">
      <label htmlFor={id} className="mb-1 block font-medium">
        The new invitation link
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="input-box min-w-0 flex-1"
        />
        <button type="button" className="btn-light py-2" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="mt-2 text-sm text-neutral-600">Copy it now: it is shown only once.</p>
    </div>
  );
}

function InviteList() {
  const invites = useInvites();
  if (invites.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (invites.isError) return <p role="alert">{invites.error.message}</p>;
  const list = invites.data.pages.flatMap((page) => page.invites);
  if (list.length === 0) return <p className="text-neutral-600">No invitation link yet.</p>;
  return (
    <>
      <h2 className="mb-2 text-lg font-medium">Links made, newest first</h2>
      <ul>
        {list.map((invite) => (
          <InviteRow key={invite._id} invite={invite} />
        ))}
      </ul>
      <LoadMoreButton query={invites} />
    </>
  );
}

/** Why a link opens no more accounts (the answer says only whether it does). */
const standing = ({ usable, uses, maxUses, expiresAt }: Invite) => {
  if (usable) return 'Usable';
  if (uses >= maxUses) return 'Used up';
  return Date.parse(expiresAt) <= Date.now() ? 'Expired' : 'Revoked';
};

function InviteRow({ invite }: { invite: Invite }) {
  const { _id: id, note, createdBy, createdAt, expiresAt, uses, maxUses, usable } = invite;
  const [confirming, setConfirming] = useState(false);
  const named = note || 'Invitation link';
  const toast = `revoke-${id}`;
  const revoke = useRevokeInvite({
    onMutate: () => formProgress(toast, 'Revoking…'),
    onSuccess: () => {
      formSuccess(toast, 'Invitation link revoked');
      setConfirming(false);
    },
    onError: (error) => {
      formError(toast, error.message);
      setConfirming(false);
    },
  });

  return (
    <li className="border-b border-neutral-100 py-4">
      <p className="font-medium break-words">
        {named} · {standing(invite)}
      </p>
      <p className="mt-1 text-sm text-neutral-600">
        Made by @{createdBy} on <time dateTime={createdAt}>{formatDate(createdAt)}</time> · used {uses} of {maxUses} ·{' '}
        lasts until <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>
      </p>
      {usable && (
        <button
          type="button"
          className="btn-light mt-3 py-1.5 text-sm"
          disabled={confirming}
          onClick={() => setConfirming(true)}
        >
          Revoke<span className="sr-only"> {named}</span>
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          className="mt-4"
          confirmLabel="Revoke"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate({ id, reason: '' })}
          onCancel={() => setConfirming(false)}
        >
          Revoke {named}? It opens no more accounts; the accounts it opened stay.
        </ConfirmDialog>
      )}
    </li>
  );
}
