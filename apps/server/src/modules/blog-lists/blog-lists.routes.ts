import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlogsResponse,
  CountResponse,
  LatestBlogsBody,
  SearchBlogsBody,
  SearchBlogsCountBody,
  TrendingBlogsResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  followingBlogs,
  followingBlogsCount,
  latestBlogs,
  latestBlogsCount,
  searchBlogsCount,
  searchBlogsPage,
  trendingBlogs,
} from './blog-lists.service.ts';

const cached = { anonymousCache: true };

/** The public lists of published blogs (docs/api.md): latest, search by tag, text or author, trending; and a reader's following list. */
export const blogListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/blog/latest-blogs',
    {
      schema: { body: LatestBlogsBody, response: { 200: BlogsResponse, ...errorResponses(BODY_ERRORS) } },
      config: cached,
    },
    async (request) => latestBlogs(app.db, request.body),
  );

  app.post(
    '/api/blog/all-latest-blogs-count',
    { schema: { response: { 200: CountResponse, ...errorResponses([]) } }, config: cached },
    async () => latestBlogsCount(app.db),
  );

  // The reader's own list: never from the cache of anonymous reads, and reading it changes nothing there.
  const followingList = { preValidation: app.requireUser, config: { keepsReadCache: true } };

  app.post(
    '/api/blog/following-blogs',
    {
      ...followingList,
      schema: { body: LatestBlogsBody, response: { 200: BlogsResponse, ...errorResponses([...BODY_ERRORS, 401]) } },
    },
    async (request) => followingBlogs(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/blog/all-following-blogs-count',
    { ...followingList, schema: { response: { 200: CountResponse, ...errorResponses([401]) } } },
    async (request) => followingBlogsCount(app.db, signedInUser(request).id),
  );

  app.post(
    '/api/blog/search-blogs',
    {
      schema: { body: SearchBlogsBody, response: { 200: BlogsResponse, ...errorResponses(BODY_ERRORS) } },
      config: cached,
    },
    async (request) => searchBlogsPage(app.db, request.body),
  );

  app.post(
    '/api/blog/search-blogs-count',
    {
      schema: { body: SearchBlogsCountBody, response: { 200: CountResponse, ...errorResponses(BODY_ERRORS) } },
      config: cached,
    },
    async (request) => searchBlogsCount(app.db, request.body),
  );

  app.get(
    '/api/blog/trending-blogs',
    { schema: { response: { 200: TrendingBlogsResponse, ...errorResponses([]) } }, config: cached },
    async () => trendingBlogs(app.db),
  );
};
