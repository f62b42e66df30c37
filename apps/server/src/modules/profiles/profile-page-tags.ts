import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageTags } from '../web/web.routes.ts';
import { absoluteUrl, pageParam, siteOrigin } from '../web/page-urls.ts';
import { findUserByUsername } from '../users/users.repository.ts';

/** Share tags of /user/{username}: name, bio and picture, nothing private. */
export async function profilePageTags(app: FastifyInstance, request: FastifyRequest): Promise<PageTags | null> {
  const username = pageParam(request.url, 'user');
  if (!username) return null;
  const user = await findUserByUsername(app.db, username);
  if (!user) return null;
  const origin = siteOrigin(app, request);
  return {
    title: `${user.fullname} (@${user.username})`,
    description: user.bio || `Blogs by ${user.fullname} on Inkwell.`,
    image: absoluteUrl(origin, user.profileImg),
    url: absoluteUrl(origin, `/user/${encodeURIComponent(user.username)}`),
  };
}
