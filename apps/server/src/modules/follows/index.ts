/** What other modules may use of follows: who follows whom, as subqueries for their own statements. */
export { authorsFollowedBy, followersOf } from './follows.repository.ts';
