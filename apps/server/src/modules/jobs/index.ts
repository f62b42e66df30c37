import fp from 'fastify-plugin';
import { failedJobRoutes } from './failed-jobs.routes.ts';
import { registerJobs } from './job-worker.ts';

/**
 * The job queue: others queue jobs in their own transactions and register handlers on `app.jobs`,
 * which `jobsModule` decorates the app itself with (so it is registered before them); admins list,
 * retry and discard the jobs given up; `forgetDeadJobsOf` is a handler of a member leaving.
 */
export const jobsModule = fp(
  async (app) => {
    registerJobs(app);
    await app.register(failedJobRoutes);
  },
  { name: 'jobs' },
);
export {
  countJobs,
  enqueueJob,
  enqueueJobs,
  enqueueJobsFrom,
  forgetDeadJobsOf,
  type JobState,
} from './jobs.repository.ts';
