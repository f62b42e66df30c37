/** Likes. Nothing of them is used elsewhere; `likesModule` is their routes. */
export { likeRoutes as likesModule } from './likes.routes.ts';
