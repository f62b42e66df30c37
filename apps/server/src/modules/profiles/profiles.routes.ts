import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetProfileBody, SearchUsersBody, SearchUsersResponse, UserProfile } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { findUsers, getProfile } from './profiles.service.ts';
import { profilePageTags } from './profile-page-tags.ts';

/** Public profiles (docs/api.md get-profile, search-users) and their share tags. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/get-profile',
    {
      schema: { body: GetProfileBody, response: { 200: UserProfile, ...errorResponses([...BODY_ERRORS, 404]) } },
      config: { anonymousCache: true },
    },
    async (request) => getProfile(app.db, request.body.username),
  );

  app.post(
    '/api/user/search-users',
    {
      schema: { body: SearchUsersBody, response: { 200: SearchUsersResponse, ...errorResponses(BODY_ERRORS) } },
      config: { anonymousCache: true },
    },
    async (request) => findUsers(app.db, request.body.query),
  );

  app.pageTagResolvers.push(profilePageTags(app));
};
