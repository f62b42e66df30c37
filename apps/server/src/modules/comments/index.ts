/** Comments and replies. Nothing of them is used elsewhere; `commentsModule` is their routes. */
export { commentRoutes as commentsModule } from './comments.routes.ts';
