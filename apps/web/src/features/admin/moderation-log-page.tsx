import { CONSOLE_ACTOR, DELETED_MEMBER, type ModerationLogEntry } from '@inkwell/contracts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useModerationLog } from './api/staff.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';

const ACTIONS = {
  role: 'changed the role of',
  standing: 'changed the standing of',
  transfer_ownership: 'handed the site to',
  settings: 'changed the site setting',
  domain_block: 'blocked the fediverse domain',
  domain_unblock: 'unblocked the fediverse domain',
  email_domain_block: 'blocked the e-mail domain',
  email_domain_unblock: 'unblocked the e-mail domain',
  blog_hide: 'hid the blog',
  blog_unhide: 'gave readers back the blog',
  comment_delete: 'deleted the comment',
  reports_dismiss: 'dismissed the reports of',
  application_approve: 'approved the application of',
  application_reject: 'rejected the application of',
  invite_create: 'made the invitation link',
  invite_revoke: 'revoked the invitation link',
  member_delete: 'deleted the account of',
  blog_approve: 'published, after review, the blog',
  blog_reject: 'sent back to its author’s drafts the blog',
  trust: 'changed the trust of',
} as const satisfies Record<ModerationLogEntry['action'], string>;

/** Every staff action, newest first: who did what to whom, and why. Nobody can change or delete a line. */
export function ModerationLogPage() {
  return (
    <AdminLayout title="Moderation log">
      <LogEntries />
    </AdminLayout>
  );
}

function LogEntries() {
  const log = useModerationLog();
  if (log.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (log.isError) return <p role="alert">{log.error.message}</p>;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-neutral-600">No staff action yet.</p>;
  return (
    <>
      <ol>
        {entries.map((entry) => (
          <li key={entry._id} className="border-b border-neutral-100 py-4">
            <p>
              <span className="font-medium">
                {entry.actor === CONSOLE_ACTOR || entry.actor === DELETED_MEMBER ? entry.actor : `@${entry.actor}`}
              </span>{' '}
              {ACTIONS[entry.action]}{' '}
              <span className="font-medium">
                {entry.target.type === 'user' && entry.target.label !== DELETED_MEMBER
                  ? `@${entry.target.label}`
                  : entry.target.label}
              </span>
              : {entry.detail}
            </p>
            {entry.reason && <p className="mt-1 text-neutral-700">“{entry.reason}”</p>}
            <p className="mt-1 text-sm text-neutral-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
      <LoadMoreButton query={log} />
    </>
  );
}
