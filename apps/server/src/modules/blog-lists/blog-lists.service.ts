import { Limits, type LatestBlogsBody, type SearchBlogsBody, type SearchBlogsCountBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { presentBlogCard } from '../blogs/index.ts';
import { authorsFollowedBy } from '../follows/index.ts';
import {
  countBlogs,
  countPostsBy,
  countPostsOfAuthors,
  countPublished,
  listBlogsOfAuthors,
  listLatestBlogs,
  listNewestBlogs,
  listPublishedBlogsPage,
  listTrendingBlogs,
  searchBlogs,
  type BlogFilter,
} from './blog-lists.repository.ts';
import { similarReadAhead } from './similar-blogs.ts';

const offsetOf = (page: number, size: number) => (page - 1) * size;

export async function latestBlogs(db: Db, { page }: LatestBlogsBody) {
  shows(Tags.listings);
  const rows = await listLatestBlogs(db, offsetOf(page, Limits.pageSize), Limits.pageSize);
  return { blogs: rows.map(presentBlogCard) };
}

export async function latestBlogsCount(db: Db) {
  shows(Tags.listings);
  return { totalDocs: await countPublished(db) };
}

/** The home page's following tab: the newest published blogs of the authors `userId` follows, paged as latestBlogs. */
export async function followingBlogs(db: Db, userId: string, { page }: LatestBlogsBody) {
  const rows = await listBlogsOfAuthors(
    db,
    authorsFollowedBy(userId),
    offsetOf(page, Limits.pageSize),
    Limits.pageSize,
  );
  return { blogs: rows.map(presentBlogCard) };
}

/** How many blogs followingBlogs pages through: the followed authors' own counters of blogs readers may see. */
export async function followingBlogsCount(db: Db, userId: string) {
  return { totalDocs: await countPostsOfAuthors(db, authorsFollowedBy(userId)) };
}

/** An empty tag, author or blog to leave out filters nothing; a query is always searched, so a blank one finds nothing. */
function blogFilter({ tag, query, author }: SearchBlogsCountBody, excludeBlogId?: string): BlogFilter {
  return { tag: tag || undefined, query, author: author || undefined, excludeBlogId: excludeBlogId || undefined };
}

export async function searchBlogsPage(db: Db, body: SearchBlogsBody) {
  shows(Tags.listings);
  const filter = blogFilter(body, body.eliminate_blog);
  const offset = offsetOf(body.page, body.limit);
  const rows =
    (await similarReadAhead(filter, offset, body.limit)) ?? (await searchBlogs(db, filter, offset, body.limit));
  return { blogs: rows.map(presentBlogCard) };
}

/** The kept count of a filter of one tag (the home page's tabs), one author (a profile) or nothing; undefined for any other, which is counted. */
function keptCount(db: Db, { tag, query, author }: BlogFilter): Promise<number> | undefined {
  if (query !== undefined || (tag !== undefined && author !== undefined)) return undefined;
  if (tag !== undefined) return countPublished(db, tag);
  if (author !== undefined) return countPostsBy(db, author);
  return countPublished(db);
}

export async function searchBlogsCount(db: Db, body: SearchBlogsCountBody) {
  shows(Tags.listings);
  const filter = blogFilter(body);
  return { totalDocs: await (keptCount(db, filter) ?? countBlogs(db, filter)) };
}

export async function trendingBlogs(db: Db) {
  shows(Tags.listings, Tags.trending);
  return { blogs: (await listTrendingBlogs(db, Limits.trendingSize)).map(presentBlogCard) };
}

/** The newest `limit` published blogs, whole (content included, counts unread), of one tag (as stored) or author (id or username), or of the site. */
export async function newestBlogs(db: Db, filter: { tag?: string; author?: string }, limit: number) {
  const rows = await listNewestBlogs(db, filter, limit);
  // Feeds show no counts: a blog's text changes only with an edit, which changes the listings.
  shows(Tags.listings, ...rows.map((row) => Tags.card(Tags.member(row.authorId))));
  return rows;
}

/** Page `page` (1-based) of every published blog's blog_id and last edit, `size` a page, oldest first. */
export const publishedBlogsPage = (db: Db, page: number, size: number) => {
  shows(Tags.listings);
  return listPublishedBlogsPage(db, offsetOf(page, size), size);
};

export const publishedBlogsCount = (db: Db) => {
  shows(Tags.listings);
  return countPublished(db);
};
