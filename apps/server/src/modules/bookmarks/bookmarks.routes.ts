import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookmarkBlogBody,
  BookmarkBlogResponse,
  CountResponse,
  IsBookmarkedBody,
  IsBookmarkedResponse,
  ReadingListBody,
  ReadingListResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { bookmarkBlog, isBookmarked, readingList, readingListCount } from './bookmarks.service.ts';

/** A reader's reading list: private to them, so no route here changes what an anonymous read shows (keepsReadCache). */
export const bookmarkRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { preValidation: app.requireUser };

  app.post(
    '/api/blog/bookmark',
    {
      // The same words as the web app's, as like-blog does.
      preValidation: app.requireUserSaying('bookmark_unauthorized'),
      schema: {
        body: BookmarkBlogBody,
        response: { 200: BookmarkBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 404, 429]) },
      },
      config: { rateLimits: ['bookmark'], keepsReadCache: true },
    },
    async (request) => bookmarkBlog(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/is-bookmarked',
    {
      ...signedIn,
      schema: {
        body: IsBookmarkedBody,
        response: { 200: IsBookmarkedResponse, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => isBookmarked(app.db, signedInUser(request).id, request.body._id),
  );

  app.post(
    '/api/user/reading-list',
    {
      ...signedIn,
      schema: {
        body: ReadingListBody,
        response: { 200: ReadingListResponse, ...errorResponses([...BODY_ERRORS, 401]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => readingList(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/reading-list-count',
    {
      ...signedIn,
      schema: { response: { 200: CountResponse, ...errorResponses([401]) } },
      config: { keepsReadCache: true },
    },
    async (request) => readingListCount(app.db, signedInUser(request).id),
  );
};
