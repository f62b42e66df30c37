export { queueNewsletter } from './subscriber-jobs.ts';
export { subscriberRoutes } from './subscribers.routes.ts';
