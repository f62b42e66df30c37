import { useState } from 'react';
import type { FailedJob } from '@inkwell/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { formError, formProgress, formSuccess } from '../../../lib/notify.ts';
import { useFailedJobAction, useFailedJobs } from '../api/site-health.ts';

/**
 * The background jobs given up after their last attempt, each with the error that ended it, to run
 * again once the cause is mended (Retry) or to let go (Discard, confirmed first).
 */
export function FailedJobs() {
  const failed = useFailedJobs();
  if (failed.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (failed.isError) return <p role="alert">{failed.error.message}</p>;
  const jobs = failed.data.pages.flatMap((page) => page.jobs);
  if (jobs.length === 0) return <p className="text-neutral-600">No job has failed.</p>;
  return (
    <>
      <p className="mb-2 text-neutral-600" aria-live="polite">
        {failed.data.pages.at(-1)!.totalDocs} failed
      </p>
      <ul>
        {jobs.map((job) => (
          <FailedJobRow key={job._id} job={job} />
        ))}
      </ul>
      <LoadMoreButton query={failed} />
    </>
  );
}

function FailedJobRow({ job }: { job: FailedJob }) {
  const [confirming, setConfirming] = useState(false);
  const toast = `job-${job._id}`;
  // The queue's name says what kind of job it is (newsletter-mail, federation-delivery…).
  const what = `${job.queue} job`;
  const settled = {
    onError: (error: Error) => {
      formError(toast, error.message);
      setConfirming(false);
    },
  };
  const retry = useFailedJobAction('retry', {
    onMutate: () => formProgress(toast, 'Retrying…'),
    onSuccess: () => formSuccess(toast, 'Sent to run again'),
    ...settled,
  });
  const discard = useFailedJobAction('discard', {
    onMutate: () => formProgress(toast, 'Discarding…'),
    onSuccess: () => formSuccess(toast, 'Job discarded'),
    ...settled,
  });
  // Busy until the row leaves the list.
  const busy = retry.isPending || retry.isSuccess || discard.isPending || discard.isSuccess;

  return (
    <li className="border-b border-neutral-100 py-4">
      <p className="font-medium break-all">{job.queue}</p>
      <p className="mt-1 font-mono text-sm break-all text-neutral-700">{job.lastError || 'No error was recorded.'}</p>
      <p className="mt-1 text-sm text-neutral-600">
        Failed on <time dateTime={job.failedAt}>{formatDate(job.failedAt)}</time> after {job.attempts}{' '}
        {job.attempts === 1 ? 'attempt' : 'attempts'}
      </p>
      <div className="mt-3 flex gap-3">
        <button
          type="button"
          className="btn-dark py-1.5 text-sm"
          disabled={busy || confirming}
          onClick={() => retry.mutate({ _id: job._id })}
        >
          Retry<span className="sr-only"> {what}</span>
        </button>
        <button
          type="button"
          className="btn-light py-1.5 text-sm"
          disabled={busy || confirming}
          onClick={() => setConfirming(true)}
        >
          Discard<span className="sr-only"> {what}</span>
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          className="mt-4"
          confirmLabel="Discard"
          busy={busy}
          onConfirm={() => discard.mutate({ _id: job._id })}
          onCancel={() => setConfirming(false)}
        >
          Discard this job? It will never run.
        </ConfirmDialog>
      )}
    </li>
  );
}
