import { z } from 'zod';

const page = z.number().int().min(1).max(100_000).default(1);

/** `POST /api/admin/failed-jobs`: a page of the jobs given up (admins). */
export const FailedJobsBody = z.object({ page });
export type FailedJobsBody = z.infer<typeof FailedJobsBody>;

/** A job given up after its last attempt, kept with the error that ended it. */
export const FailedJob = z.object({
  _id: z.string(),
  queue: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  failedAt: z.string(),
  createdAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const FailedJobsResponse = z.object({ jobs: z.array(FailedJob), totalDocs: z.number().int() });
export type FailedJobsResponse = z.infer<typeof FailedJobsResponse>;

/** `POST /api/admin/retry-job` (due again now, its attempts from nought) and `discard-job` (gone): a failed job. */
export const FailedJobActionBody = z.object({ _id: z.uuid() });
export type FailedJobActionBody = z.infer<typeof FailedJobActionBody>;
export const FailedJobActionResponse = z.object({ status: z.literal('done') });
