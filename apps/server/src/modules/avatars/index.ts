/**
 * The pictures the server draws: a new user's default picture (`avatarUrl`), any profile picture
 * as a raster image; `avatarsModule` serves them.
 */
export { avatarRoutes as avatarsModule } from './avatars.routes.ts';
export { avatarUrl } from './avatars.ts';
export { rasterProfileImage } from './raster-avatars.ts';
