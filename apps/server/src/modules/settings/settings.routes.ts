import type { FastifyInstance } from 'fastify';
import { ChangePasswordBody, UpdateProfileBody, UpdateProfileImgBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { requestOrigin, siteOrigin } from '../../site-origin.ts';
import { enforceRateLimits } from '../rate-limits/rate-limits.service.ts';
import { createImageStore, TOO_MANY_UPLOADS, uploadLimit } from '../uploads/index.ts';
import { changePassword, changeProfileImg, editProfile, getOwnProfile } from './settings.service.ts';

/** Password guesses through a stolen session are slowed down, per account. */
const CHANGE_PASSWORD_LIMIT = { limit: 10, windowSeconds: 15 * 60 };

export async function settingsRoutes(app: FastifyInstance) {
  const signedIn = { preHandler: app.requireUser };
  const images = { db: app.db, store: createImageStore(app.config) };

  app.get('/api/user/me', signedIn, async (request) => getOwnProfile(app.db, request.user!.id));

  app.post('/api/user/update-profile', signedIn, async (request) =>
    editProfile(app.db, request.user!.id, parse(UpdateProfileBody, request.body)),
  );

  app.post('/api/user/update-profile-img', signedIn, async (request) => {
    const { url } = parse(UpdateProfileImgBody, request.body);
    const userId = request.user!.id;
    const deps = {
      images,
      sites: [siteOrigin(app, request), requestOrigin(request)],
      allowHosts: app.config.fetchAllowHosts,
      countUpload: () => enforceRateLimits(app, [uploadLimit(userId)], TOO_MANY_UPLOADS),
    };
    return changeProfileImg(deps, userId, url);
  });

  app.post('/api/user/change-password', signedIn, async (request) => {
    const body = parse(ChangePasswordBody, request.body);
    await enforceRateLimits(
      app,
      [{ key: `change-password:user:${request.user!.id}`, ...CHANGE_PASSWORD_LIMIT }],
      'Too many password change attempts',
    );
    return changePassword(app.db, request.user!, body);
  });
}
