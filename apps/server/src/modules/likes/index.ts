/** Likes: `likesModule` is their routes; `removeLikesBy` a handler of a member leaving. */
export { likeRoutes as likesModule } from './likes.routes.ts';
export { removeLikesBy } from './likes.service.ts';
