/** What other modules may use of the fediverse side: its routes, and the blog events' handlers that record activities for it. */
export { queueCreateActivity, queueDeleteActivity, queueUpdateActivity } from './blog-activities.ts';
export { registerFederation } from './federation.routes.ts';
