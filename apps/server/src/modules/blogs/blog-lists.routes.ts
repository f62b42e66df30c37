import type { FastifyInstance } from 'fastify';
import { LatestBlogsBody, SearchBlogsBody, SearchBlogsCountBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { latestBlogs, latestBlogsCount, searchBlogsCount, searchBlogsPage, trendingBlogs } from './blog-lists.service.ts';
import { blogPageTags } from './blog-page-tags.ts';

/** The public lists of published blogs (SPEC §7): latest, search by tag, text or author, trending. */
export async function blogListRoutes(app: FastifyInstance) {
  app.post('/api/blog/latest-blogs', { config: { anonymousCache: true } }, async (request) => latestBlogs(app.db, parse(LatestBlogsBody, request.body)));

  app.post('/api/blog/all-latest-blogs-count', { config: { anonymousCache: true } }, async () => latestBlogsCount(app.db));

  app.post('/api/blog/search-blogs', { config: { anonymousCache: true } }, async (request) => searchBlogsPage(app.db, parse(SearchBlogsBody, request.body)));

  app.post('/api/blog/search-blogs-count', { config: { anonymousCache: true } }, async (request) => searchBlogsCount(app.db, parse(SearchBlogsCountBody, request.body)));

  app.get('/api/blog/trending-blogs', { config: { anonymousCache: true } }, async () => trendingBlogs(app.db));

  app.pageTagResolvers.push(blogPageTags(app));
}
