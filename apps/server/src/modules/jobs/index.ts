export { registerJobs, retryDelayMs, type JobHandler } from './job-worker.ts';
export { enqueueJob, enqueueJobs, enqueueJobsFrom, type Job, type NewJob } from './jobs.repository.ts';
