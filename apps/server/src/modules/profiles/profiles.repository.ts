import { asc, count, desc, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { blogs, users } from '../../db/schema/index.ts';

const username = sql`lower(${users.username})`;
const fullname = sql`lower(${users.fullname})`;

export type UserCardRow = Awaited<ReturnType<typeof searchUsers>>[number];

/**
 * Users whose username or a word of whose full name starts with the query, or is like it
 * (pg_trgm strict word similarity of at least 0.5, through the trigram indexes on both): best match first.
 */
export async function searchUsers(db: Executor, query: string, limit: number) {
  const text = query.toLowerCase();
  const prefix = `${escapeLike(text)}%`;
  return db
    .select({ fullname: users.fullname, username: users.username, profileImg: users.profileImg })
    .from(users)
    .where(
      or(
        sql`${username} like ${prefix} escape '\\'`,
        sql`${fullname} like ${prefix} escape '\\'`,
        sql`${fullname} like ${`% ${prefix}`} escape '\\'`,
        sql`${username} %>> ${text}`,
        sql`${fullname} %>> ${text}`,
      ),
    )
    .orderBy(
      desc(sql`${username} = ${text}`),
      desc(sql`${username} like ${prefix} escape '\\'`),
      desc(sql`greatest(strict_word_similarity(${text}, ${username}), strict_word_similarity(${text}, ${fullname}))`),
      asc(users.username),
    )
    .limit(limit);
}

/** An author has published at least one blog (the users' own counter, kept with every publish). */
const isAuthor = gt(users.totalPosts, 0);

/**
 * One page of authors, in primary-key order: each username and the last edit of their published
 * blogs (found through blogs_author_idx). The page's ids come first, so the authors an offset
 * skips cost an index entry each, not a look at their blogs.
 */
export async function listAuthorsPage(db: Executor, offset: number, limit: number) {
  const ids = sql`select ${users.id} from ${users} where ${isAuthor} order by ${users.id} offset ${offset} limit ${limit}`;
  // ${users}.id, not ${users.id}: a one-table select writes columns unqualified, and inside the subquery "id" would be the blog's.
  const lastEdit = sql`(select max(b.updated_at) from ${blogs} b where b.author_id = ${users}.id and b.draft = false)`.mapWith(blogs.updatedAt);
  return db
    .select({ username: users.username, lastEdit })
    .from(users)
    .where(sql`${users.id} = any(array(${ids}))`)
    .orderBy(asc(users.id));
}

export async function countAuthors(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(isAuthor);
  return row?.total ?? 0;
}
