/**
 * Follows: others may use who follows whom, as subqueries for their own statements, and
 * `endFollowsBetween` (a handler of a new block), `endFollowsOf` (of a member leaving); `followsModule` is their routes.
 */
export { authorsFollowedBy, followersOf } from './follows.repository.ts';
export { followRoutes as followsModule } from './follows.routes.ts';
export { endFollowsBetween, endFollowsOf } from './follows.service.ts';
