/** Comments and replies; staff remove a comment's words with `removeCommentWords`; `anonymiseCommentsBy` is a handler of a member leaving. `commentsModule` is their routes. */
export { commentRoutes as commentsModule } from './comments.routes.ts';
export { removeCommentWords } from './comments.repository.ts';
export { anonymiseCommentsBy } from './comments.service.ts';
