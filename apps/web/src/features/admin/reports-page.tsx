import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { countOf, profilePath, REPORT_REASON_LABELS, type ReportGroup } from '@inkwell/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { useActOnReports, useReportsQueue, type ReportAction } from './api/reports.ts';
import { AdminLayout } from './components/admin-layout.tsx';

const KINDS = { blog: 'Blog', comment: 'Comment', user: 'Profile' } as const;

const DONE: Record<ReportAction, string> = {
  dismiss: 'Reports dismissed',
  hide: 'Blog hidden',
  delete: 'Comment deleted',
  silenced: 'Member silenced',
  suspended: 'Member suspended',
};

/** The open reports, grouped by what they report, most reported first; each group with what staff may do about it. */
export function ReportsPage() {
  return (
    <AdminLayout title="Reports">
      <Groups />
    </AdminLayout>
  );
}

function Groups() {
  const queue = useReportsQueue();
  if (queue.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (queue.isError) return <p role="alert">{queue.error.message}</p>;
  const groups = queue.data.pages.flatMap((page) => page.groups);
  if (groups.length === 0) return <p className="text-neutral-600">No open reports.</p>;
  return (
    <>
      <ul>
        {groups.map((group) => (
          <Group key={`${group.target.type}:${group.target.id}`} group={group} />
        ))}
      </ul>
      <LoadMoreButton query={queue} />
    </>
  );
}

function Group({ group }: { group: ReportGroup }) {
  const { target, count, reports } = group;
  const headingId = useId();
  return (
    <li className="border-b border-neutral-100 py-4">
      <h2 id={headingId} className="text-lg font-medium break-words">
        {KINDS[target.type]}{' '}
        <Link to={target.link} className="underline underline-offset-2">
          {target.type === 'user' ? `@${target.id}` : `“${target.label}”`}
        </Link>
      </h2>
      <p className="mt-1 text-neutral-600">
        {target.type === 'user' ? (
          target.label
        ) : (
          <>
            by{' '}
            <Link to={profilePath(target.author)} className="underline underline-offset-2">
              @{target.author}
            </Link>
          </>
        )}{' '}
        · {countOf(count, 'report')}
      </p>
      <ol className="mt-3 space-y-3">
        {reports.map((report) => (
          <li key={report._id} className="rounded-md bg-neutral-100 p-3">
            <p>
              <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>, by @{report.reporter},{' '}
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </p>
            {report.words && <p className="mt-1 break-words">“{report.words}”</p>}
            <p className="mt-2 text-sm text-neutral-600">As reported:</p>
            <blockquote className="break-words whitespace-pre-line text-neutral-700">{report.snapshot}</blockquote>
          </li>
        ))}
      </ol>
      <GroupActions group={group} />
    </li>
  );
}

/** A reason (told to the member when they are acted on, kept in the log), then one of the actions. Suspend asks first. */
function GroupActions({ group }: { group: ReportGroup }) {
  const { target } = group;
  const [confirming, setConfirming] = useState<string>();
  const reasonId = useId();
  const toast = `reports-${target.type}-${target.id}`;
  const act = useActOnReports({
    onMutate: () => formProgress(toast, 'Saving…'),
    onSuccess: (_, { action }) => formSuccess(toast, DONE[action]),
    onError: (error) => formError(toast, error.message),
  });
  const run = (action: ReportAction, reason: string) => act.mutate({ action, target, reason });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    const action = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as ReportAction;
    if (action === 'suspended') setConfirming(reason);
    else run(action, reason);
  };
  const busy = act.isPending;
  const button = (action: ReportAction, label: string) => (
    <button type="submit" value={action} className="btn-light py-1.5" disabled={busy}>
      {label}
    </button>
  );

  return (
    <form
      onSubmit={onSubmit}
      className="mt-4"
      aria-label={`Act on the reports of ${KINDS[target.type].toLowerCase()} ${target.label}`}
    >
      <label htmlFor={reasonId} className="mb-1 block text-neutral-600">
        Reason (told to the member, kept in the log)
      </label>
      <textarea id={reasonId} name="reason" maxLength={1000} rows={2} className="input-box" />
      <div className="mt-3 flex flex-wrap gap-3">
        {button('dismiss', 'Dismiss')}
        {target.can.act && target.type === 'blog' && button('hide', 'Hide blog')}
        {target.can.act && target.type === 'comment' && button('delete', 'Delete comment')}
        {target.can.act && button('silenced', `Silence @${target.author}`)}
        {target.can.act && button('suspended', `Suspend @${target.author}`)}
      </div>
      {confirming !== undefined && (
        <ConfirmDialog
          className="mt-4"
          confirmLabel="Suspend"
          busy={busy}
          onConfirm={() => run('suspended', confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          Suspend @{target.author}? They are signed out everywhere and cannot sign in until restored.
        </ConfirmDialog>
      )}
    </form>
  );
}
