/** Public profiles and user search: what the feeds, the sitemap and the reading pages read of users; `profilesModule` is their routes. */
export { profileRoutes as profilesModule } from './profiles.routes.ts';
export { authorsCount, authorsPage, findUsers, getProfile } from './profiles.service.ts';
