import { Link } from 'react-router';
import { STAFF_ACTION_TOLD, type ModerationNotification, type ReportNotification } from '@inkwell/contracts';
import { formatDate } from '../../../lib/format-date.ts';

function NoticeItem({
  label,
  seen,
  createdAt,
  children,
}: {
  label: string;
  seen: boolean;
  createdAt: string;
  children: React.ReactNode;
}) {
  return (
    <li aria-label={label} className={`border-b border-neutral-100 p-6 ${seen ? '' : 'border-l-2 border-l-accent'}`}>
      {children}
      <p className="mt-4 text-neutral-600">
        <time dateTime={createdAt}>{formatDate(createdAt)}</time>
        {!seen && (
          <span className="ml-2 inline-block rounded-full bg-red-700 px-2 text-xs leading-5 text-white">New</span>
        )}
      </p>
    </li>
  );
}

/** A member is told what the site's staff did to them or to what they wrote, and why. */
export function ModerationNoticeCard({ notification }: { notification: ModerationNotification }) {
  const { action, label, detail, reason } = notification.moderation;
  const done = STAFF_ACTION_TOLD[action] ?? 'acted on';
  return (
    <NoticeItem label={`The site’s staff ${done}`} seen={notification.seen} createdAt={notification.createdAt}>
      <p className="font-medium break-words text-neutral-900">
        The site’s staff {done} <span className="font-normal">“{label}”</span>: {detail}
      </p>
      <p className="mt-2 break-words text-neutral-700">{reason ? `Reason: “${reason}”` : 'No reason was given.'}</p>
    </NoticeItem>
  );
}

/** A staff member is told of a new report, with what was reported as it read then. */
export function ReportNoticeCard({ notification }: { notification: ReportNotification }) {
  const { reason, target, snapshot } = notification.report;
  return (
    <NoticeItem label={`New report of a ${target}`} seen={notification.seen} createdAt={notification.createdAt}>
      <p className="font-medium text-neutral-900">
        A {target} was reported for {reason}.{' '}
        <Link to="/admin/reports" className="font-normal underline underline-offset-2">
          Open the reports
        </Link>
      </p>
      <blockquote className="mt-4 rounded-md bg-neutral-100 p-4 break-words whitespace-pre-line text-neutral-700">
        {snapshot}
      </blockquote>
    </NoticeItem>
  );
}
