/** A blog's revisions: `keepRevision` (a handler of the blogs' `saved` event) keeps one of every save; `revisionsModule` is their routes. */
export { revisionRoutes as revisionsModule } from './revisions.routes.ts';
export { keepRevision } from './revisions.service.ts';
