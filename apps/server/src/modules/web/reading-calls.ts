import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  apiCallOf,
  GetBlogBody,
  GetProfileBody,
  LatestBlogsBody,
  PreviewBody,
  SearchBlogsBody,
  SearchBlogsCountBody,
  SearchUsersBody,
} from '@inkwell/contracts';
import { errorBody, HttpError, parse } from '../../http-error.ts';
import { encodeAnswer } from '../../plugins/image-urls.ts';
import {
  latestBlogs,
  latestBlogsCount,
  searchBlogsCount,
  searchBlogsPage,
  trendingBlogs,
} from '../blog-lists/index.ts';
import { answerGetBlog } from '../blogs/index.ts';
import { previewBlog } from '../preview-links/index.ts';
import { findUsers, getProfile } from '../profiles/index.ts';

/** How the server renderer asks for data: a reading call's path and JSON body, answered with the API's status and body. */
export type ReadingCall = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * The public reading calls of docs/api.md a server-rendered page loads its data with, answered
 * in-process by the services the API routes call, as the anonymous reader (docs/product/data.md:
 * the session stays in the browser), and encoded as the routes serialise them (image URLs absolute
 * on the page's origin), so the page hydrates from what the API would have answered. The renderer
 * takes these bodies as they are, not through JSON, so they hold what JSON would carry and nothing
 * else: the services build them of columns (dates as ISO strings) and stored JSON, and z.encode
 * refuses an answer missing a field the contract fills in with a default (page-markup.test.ts
 * compares them with the API's).
 */
export function readingCalls(app: FastifyInstance): (request: FastifyRequest) => ReadingCall {
  // `app.db` when called, not now: a page sent to a replica reads its data there (plugins/replica-reads.ts).
  const answers: Record<string, (body: unknown) => Promise<unknown>> = {
    '/api/blog/get-blog': (body) => answerGetBlog(app.db, parse(GetBlogBody, body), null),
    '/api/blog/latest-blogs': (body) => latestBlogs(app.db, parse(LatestBlogsBody, body)),
    '/api/blog/all-latest-blogs-count': () => latestBlogsCount(app.db),
    '/api/blog/search-blogs': (body) => searchBlogsPage(app.db, parse(SearchBlogsBody, body)),
    '/api/blog/search-blogs-count': (body) => searchBlogsCount(app.db, parse(SearchBlogsCountBody, body)),
    '/api/blog/trending-blogs': () => trendingBlogs(app.db),
    '/api/blog/preview': (body) => previewBlog(app.db, parse(PreviewBody, body).token),
    '/api/user/get-profile': (body) => getProfile(app.db, parse(GetProfileBody, body).username),
    '/api/user/search-users': (body) => findUsers(app.db, parse(SearchUsersBody, body).query),
    '/api/site': () => app.siteIdentity(),
  };
  return (request) => async (path, body) => {
    const answer = answers[path];
    if (!answer) throw new Error(`${path} is no reading call`);
    try {
      return { status: 200, body: encodeAnswer(app, request, apiCallOf(path)!.answer, await answer(body)) };
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, body: errorBody(error.refusal) };
      throw error;
    }
  };
}
