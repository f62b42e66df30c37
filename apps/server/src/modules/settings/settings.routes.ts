import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  DeleteAccountBody,
  DeleteAccountResponse,
  MyProfileResponse,
  UpdateProfileBody,
  UpdateProfileImgBody,
  UpdateProfileImgResponse,
  UpdateProfileResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { enforceRateLimit } from '../../plugins/rate-limits.ts';
import { requestOrigin, siteOrigin } from '../../site-origin.ts';
import { createImageStore } from '../uploads/index.ts';
import { deleteOwnAccount } from './account-deletion.service.ts';
import { changePassword, changeProfileImg, editProfile, getOwnProfile } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { preValidation: app.requireUser };
  // What others see of a member (their name, picture, bio, links): a silenced member may not change it.
  const activeMember = { preValidation: app.requireActiveUser };
  const images = { db: app.db, store: createImageStore(app.config) };

  app.get(
    '/api/user/me',
    { ...signedIn, schema: { response: { 200: MyProfileResponse, ...errorResponses([401, 404]) } } },
    async (request) => getOwnProfile(app.db, signedInUser(request)),
  );

  app.post(
    '/api/user/update-profile',
    {
      ...activeMember,
      schema: {
        body: UpdateProfileBody,
        response: { 200: UpdateProfileResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 409]) },
      },
      config: { namesItsChanges: true },
    },
    async (request) => editProfile(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/update-profile-img',
    {
      ...activeMember,
      schema: {
        body: UpdateProfileImgBody,
        response: { 200: UpdateProfileImgResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 429]) },
      },
      config: { namesItsChanges: true },
    },
    async (request) => {
      const deps = {
        images,
        sites: [siteOrigin(app, request), requestOrigin(request)],
        allowHosts: app.config.fetchAllowHosts,
        // A picture fetched from elsewhere is stored like an upload, so it counts as one.
        countUpload: () => enforceRateLimit(request, 'upload'),
      };
      return changeProfileImg(deps, signedInUser(request).id, request.body.url);
    },
  );

  app.post(
    '/api/user/change-password',
    {
      ...signedIn,
      schema: {
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 429]) },
      },
      config: { rateLimits: ['changePassword'] },
    },
    async (request) => changePassword(app.db, signedInUser(request), request.body),
  );

  // Silenced members too: their account is theirs to take away.
  app.post(
    '/api/account/delete',
    {
      ...signedIn,
      schema: {
        body: DeleteAccountBody,
        response: { 200: DeleteAccountResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 409, 429]) },
      },
      config: { rateLimits: ['deleteAccount'] },
    },
    async (request) =>
      deleteOwnAccount(
        {
          db: app.db,
          events: { blogs: app.blogEvents, users: app.userEvents },
          google: app.config.google,
          now: app.clock(),
          onInvalidToken: (error) => request.log.info({ err: error }, 'Google ID token refused'),
        },
        signedInUser(request).id,
        request.body,
      ),
  );
};
