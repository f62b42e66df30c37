import { useId, type FormEvent } from 'react';
import { Limits, type Application } from '@inkwell/contracts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { useApplications, useDecideApplication } from './api/joining.ts';
import { AdminLayout } from './components/admin-layout.tsx';

const METHODS: Record<Application['method'], string> = {
  password: 'with a password',
  google: 'with Google',
};

/** The applications to join waiting for an admin, oldest first: who, why, and Approve or Reject. */
export function ApplicationsPage() {
  return (
    <AdminLayout title="Applications">
      <ApplicationList />
    </AdminLayout>
  );
}

function ApplicationList() {
  const applications = useApplications();
  if (applications.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (applications.isError) return <p role="alert">{applications.error.message}</p>;
  const list = applications.data.pages.flatMap((page) => page.applications);
  if (list.length === 0) return <p className="text-neutral-600">No applications waiting.</p>;
  return (
    <>
      <p className="mb-2 text-neutral-600" aria-live="polite">
        {applications.data.pages.at(-1)!.totalDocs} waiting
      </p>
      <ul>
        {list.map((application) => (
          <ApplicationRow key={application._id} application={application} />
        ))}
      </ul>
      <LoadMoreButton query={applications} />
    </>
  );
}

function ApplicationRow({ application }: { application: Application }) {
  const { _id: id, fullname, email, reason, method, createdAt } = application;
  const reasonId = useId();
  const toast = `application-${id}`;
  const decide = useDecideApplication({
    onMutate: () => formProgress(toast, 'Saving…'),
    onSuccess: ({ approved, username }) =>
      formSuccess(toast, approved ? `${fullname} joined as @${username}` : `${fullname}’s application rejected`),
    onError: (error) => formError(toast, error.message),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const decision = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    const told = String(new FormData(event.currentTarget).get('reason') ?? '');
    decide.mutate({ id, approve: decision === 'approve', reason: told });
  };

  return (
    <li className="border-b border-neutral-100 py-4">
      <h2 className="text-lg font-medium break-words">{fullname}</h2>
      <p className="break-all text-neutral-600">{email}</p>
      <p className="mt-1 text-sm text-neutral-600">
        Would sign in {METHODS[method]} · applied <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </p>
      <blockquote className="mt-3 rounded-md bg-neutral-100 p-3 break-words whitespace-pre-line">{reason}</blockquote>
      <form onSubmit={onSubmit} className="mt-4" aria-label={`Decide the application of ${fullname}`}>
        <label htmlFor={reasonId} className="mb-1 block text-neutral-600">
          Reason (optional: mailed to them, kept in the log)
        </label>
        <textarea id={reasonId} name="reason" maxLength={Limits.moderationReasonMax} rows={2} className="input-box" />
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="submit" value="approve" className="btn-dark py-1.5" disabled={decide.isPending}>
            Approve
          </button>
          <button type="submit" value="reject" className="btn-light py-1.5" disabled={decide.isPending}>
            Reject
          </button>
        </div>
      </form>
    </li>
  );
}
