import fp from 'fastify-plugin';
import { registerJobs } from './job-worker.ts';

/**
 * The job queue: others queue jobs in their own transactions and register handlers on `app.jobs`,
 * which `jobsModule` decorates the app itself with (so it is registered before them).
 */
export const jobsModule = fp(async (app) => registerJobs(app), { name: 'jobs' });
export { countJobs, enqueueJob, enqueueJobs, enqueueJobsFrom, type JobState } from './jobs.repository.ts';
