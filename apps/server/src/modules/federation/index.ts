/** What other modules may use of the fediverse side: its routes, and what publishing records for it. */
export { queueBlogActivity } from './blog-activities.ts';
export { registerFederation } from './federation.routes.ts';
