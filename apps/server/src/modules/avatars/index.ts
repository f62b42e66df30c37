/** Avatars: a new user's default picture (`avatarUrl`); `avatarsModule` serves them. */
export { avatarRoutes as avatarsModule } from './avatars.routes.ts';
export { avatarUrl } from './avatars.ts';
