import { Limits, type LatestBlogsBody, type SearchBlogsBody, type SearchBlogsCountBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { presentBlogCard } from './blogs.presenter.ts';
import {
  countBlogs,
  countLatestBlogs,
  listLatestBlogs,
  listNewestBlogs,
  listPublishedBlogsPage,
  listTrendingBlogs,
  searchBlogs,
  type BlogFilter,
} from './blog-lists.repository.ts';

const offsetOf = (page: number, size: number) => (page - 1) * size;

export async function latestBlogs(db: Db, { page }: LatestBlogsBody) {
  const rows = await listLatestBlogs(db, offsetOf(page, Limits.pageSize), Limits.pageSize);
  return { blogs: rows.map(presentBlogCard) };
}

export async function latestBlogsCount(db: Db) {
  return { totalDocs: await countLatestBlogs(db) };
}

/** An empty tag, author or blog to leave out filters nothing; a query is always searched, so a blank one finds nothing. */
function blogFilter({ tag, query, author }: SearchBlogsCountBody, excludeBlogId?: string): BlogFilter {
  return { tag: tag || undefined, query, author: author || undefined, excludeBlogId: excludeBlogId || undefined };
}

export async function searchBlogsPage(db: Db, body: SearchBlogsBody) {
  const rows = await searchBlogs(db, blogFilter(body, body.eliminate_blog), offsetOf(body.page, body.limit), body.limit);
  return { blogs: rows.map(presentBlogCard) };
}

export async function searchBlogsCount(db: Db, body: SearchBlogsCountBody) {
  return { totalDocs: await countBlogs(db, blogFilter(body)) };
}

export async function trendingBlogs(db: Db) {
  return { blogs: (await listTrendingBlogs(db, Limits.trendingSize)).map(presentBlogCard) };
}

/** The newest `limit` published blogs, whole, of one tag (as stored) or author (id or username), or of the site. */
export const newestBlogs = (db: Db, filter: { tag?: string; author?: string }, limit: number) => listNewestBlogs(db, filter, limit);

/** Page `page` (1-based) of every published blog's blog_id and last edit, `size` a page, oldest first. */
export const publishedBlogsPage = (db: Db, page: number, size: number) => listPublishedBlogsPage(db, offsetOf(page, size), size);

export const publishedBlogsCount = (db: Db) => countLatestBlogs(db);
