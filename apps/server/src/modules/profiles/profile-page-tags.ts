import type { FastifyInstance } from 'fastify';
import { pageTagsResolver } from '../web/page-urls.ts';
import { findUserByUsername } from '../users/users.repository.ts';

/** Share tags of /user/{username}: name, bio and picture, nothing private. */
export const profilePageTags = (app: FastifyInstance) =>
  pageTagsResolver(
    app,
    'user',
    (username) => findUserByUsername(app.db, username),
    (user, absolute) => ({
      title: `${user.fullname} (@${user.username})`,
      description: user.bio || `Blogs by ${user.fullname} on Inkwell.`,
      image: absolute(user.profileImg),
      url: absolute(`/user/${encodeURIComponent(user.username)}`),
    }),
  );
