import type { FastifyInstance } from 'fastify';
import { GetProfileBody, SearchUsersBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { findUsers, getProfile } from './profiles.service.ts';
import { profilePageTags } from './profile-page-tags.ts';

/** Public profiles (SPEC §7 get-profile, search-users) and their share tags. */
export async function profileRoutes(app: FastifyInstance) {
  app.post('/api/user/get-profile', { config: { anonymousCache: true } }, async (request) => getProfile(app.db, parse(GetProfileBody, request.body).username));

  app.post('/api/user/search-users', { config: { anonymousCache: true } }, async (request) => findUsers(app.db, parse(SearchUsersBody, request.body).query));

  app.pageTagResolvers.push(profilePageTags(app));
}
