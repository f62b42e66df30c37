/** What other modules may use of revisions: the handler that keeps a revision of every save. */
export { keepRevision } from './revisions.service.ts';
