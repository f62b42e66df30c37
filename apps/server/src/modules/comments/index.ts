/** Comments and replies; staff remove a comment's words with `removeCommentWords`. `commentsModule` is their routes. */
export { commentRoutes as commentsModule } from './comments.routes.ts';
export { removeCommentWords } from './comments.repository.ts';
