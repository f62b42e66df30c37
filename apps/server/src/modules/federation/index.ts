import fp from 'fastify-plugin';
import { registerFederation } from './federation.routes.ts';

/**
 * The fediverse side: the blog events' handlers that record its activities, the farewell of a
 * member leaving (a handler of theirs, farewell.ts), and `federationModule`,
 * which decorates the app itself with `app.federation` and registers its routes (the admins'
 * blocked domains among them), after every other module.
 */
export const federationModule = fp(registerFederation, { name: 'federation' });
export {
  queueCreateActivity,
  queueDeleteActivity,
  queueRestoreActivity,
  queueUpdateActivity,
} from './blog-activities.ts';
export { leaveFediverse } from './farewell.ts';
