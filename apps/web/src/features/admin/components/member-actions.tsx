import { useId, useState, type FormEvent } from 'react';
import type { Member, Role, Standing, Trust } from '@inkwell/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formError, formProgress, formSuccess } from '../../../lib/notify.ts';
import { useDeleteMember, useSetRole, useSetStanding, useSetTrust, useTransferOwnership } from '../api/staff.ts';

type Action =
  | { kind: 'role'; role: Role }
  | { kind: 'standing'; standing: Standing }
  | { kind: 'trust'; trust: Trust }
  | { kind: 'transfer' }
  | { kind: 'delete' };

const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', moderator: 'Moderator', member: 'Member' };
const TRUST_LABELS: Record<Trust, string> = {
  auto: 'By their published blogs',
  trusted: 'Trusted',
  untrusted: 'Not trusted',
};

/** What a suspension and a hand-over do, said before they are done: both are hard to undo. */
const CONFIRMATIONS = {
  suspended: (m: Member) => `Suspend @${m.username}? They are signed out everywhere and cannot sign in until restored.`,
  transfer: (m: Member) => `Hand the site to @${m.username}? They become its owner and you an admin.`,
  delete: (m: Member) =>
    `Delete @${m.username} for good? Their account, blogs, comments, likes and follows go, and cannot be brought back.`,
};
const CONFIRM_LABELS = {
  standing: 'Suspend',
  transfer: 'Hand over the site',
  delete: 'Delete the account',
  role: '',
  trust: '',
};

/** A member's role, standing, trust and ownership, as far as the viewer may change them, with a reason for the log. */
export function MemberActions({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<{ action: Action; reason: string }>();
  const panelId = useId();
  const toast = `member-${member._id}`;
  const handlers = {
    onMutate: () => formProgress(toast, 'Saving…'),
    onSuccess: () => {
      formSuccess(toast, `@${member.username} updated`);
      setConfirming(undefined);
    },
    onError: (error: Error) => formError(toast, error.message),
  };
  const setRole = useSetRole(handlers);
  const setStanding = useSetStanding(handlers);
  const setTrust = useSetTrust(handlers);
  const transfer = useTransferOwnership(handlers);
  const remove = useDeleteMember({ ...handlers, onSuccess: () => formSuccess(toast, `@${member.username} deleted`) });
  const busy = [setRole, setStanding, setTrust, transfer, remove].some((mutation) => mutation.isPending);
  const { can } = member;
  if (can.roles.length === 0 && !can.standing && !can.trust && !can.transferOwnership && !can.delete) return null;

  const run = (action: Action, reason: string) => {
    if (action.kind === 'role')
      setRole.mutate({ username: member.username, role: action.role as Exclude<Role, 'owner'>, reason });
    else if (action.kind === 'standing')
      setStanding.mutate({ username: member.username, standing: action.standing, reason });
    else if (action.kind === 'trust') setTrust.mutate({ username: member.username, trust: action.trust, reason });
    else if (action.kind === 'delete') remove.mutate({ username: member.username, confirm: member.username, reason });
    else transfer.mutate({ username: member.username, reason });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String(data.get('reason') ?? '');
    const [kind, value] = String((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') ?? '').split(':');
    const action: Action =
      kind === 'role'
        ? { kind, role: String(data.get('role')) as Role }
        : kind === 'standing'
          ? { kind, standing: value as Standing }
          : kind === 'trust'
            ? { kind, trust: String(data.get('trust')) as Trust }
            : kind === 'delete'
              ? { kind }
              : { kind: 'transfer' };
    if (
      action.kind === 'role' ||
      action.kind === 'trust' ||
      (action.kind === 'standing' && action.standing !== 'suspended')
    )
      run(action, reason);
    else setConfirming({ action, reason });
  };

  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn-light py-1.5 text-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Manage @{member.username}
      </button>
      {open && (
        <form id={panelId} onSubmit={onSubmit} className="mt-3 rounded-md border border-neutral-100 p-4">
          <label className="mb-4 block">
            <span className="mb-1 block text-neutral-600">Reason (told to the member, kept in the log)</span>
            <textarea name="reason" maxLength={1000} rows={2} className="input-box" />
          </label>
          <div className="flex flex-wrap items-center gap-3">
            {can.roles.length > 0 && (
              <>
                <label>
                  <span className="mb-1 block text-neutral-600">Role</span>
                  <select name="role" className="input-box py-2" defaultValue={can.roles[0]}>
                    {can.roles.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" value="role" className="btn-dark" disabled={busy}>
                  Change role
                </button>
              </>
            )}
            {can.trust && (
              <>
                <label>
                  <span className="mb-1 block text-neutral-600">Trust</span>
                  <select name="trust" className="input-box py-2" defaultValue={member.trust}>
                    {Object.entries(TRUST_LABELS).map(([trust, label]) => (
                      <option key={trust} value={trust}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" value="trust" className="btn-dark" disabled={busy}>
                  Set trust
                </button>
              </>
            )}
            {can.standing &&
              (member.standing === 'active' ? (
                <>
                  <button type="submit" value="standing:silenced" className="btn-light" disabled={busy}>
                    Silence
                  </button>
                  <button type="submit" value="standing:suspended" className="btn-light" disabled={busy}>
                    Suspend
                  </button>
                </>
              ) : (
                <button type="submit" value="standing:active" className="btn-light" disabled={busy}>
                  Restore
                </button>
              ))}
            {can.transferOwnership && (
              <button type="submit" value="transfer" className="btn-light" disabled={busy}>
                Make owner
              </button>
            )}
            {can.delete && (
              <button type="submit" value="delete" className="btn-light text-red-700" disabled={busy}>
                Delete account…
              </button>
            )}
          </div>
          {confirming && (
            <ConfirmDialog
              className="mt-4"
              confirmLabel={CONFIRM_LABELS[confirming.action.kind]}
              busy={busy}
              typeToConfirm={confirming.action.kind === 'delete' ? member.username : undefined}
              onConfirm={() => run(confirming.action, confirming.reason)}
              onCancel={() => setConfirming(undefined)}
            >
              {confirming.action.kind === 'transfer'
                ? CONFIRMATIONS.transfer(member)
                : confirming.action.kind === 'delete'
                  ? CONFIRMATIONS.delete(member)
                  : CONFIRMATIONS.suspended(member)}
            </ConfirmDialog>
          )}
        </form>
      )}
    </div>
  );
}
