import { and, asc, count, desc, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { blogs, users } from '../../db/schema/index.ts';
import { listedToReaders } from '../visibility/index.ts';

/* What public profiles read: users found by name, and the authors of the sitemap. */

const usernameLower = sql`lower(${users.username})`;
const fullnameLower = sql`lower(${users.fullname})`;

export type UserCardRow = Awaited<ReturnType<typeof searchUsers>>[number];

/** A user search ranks at most this many users whose names start with its words, and as many like them. */
export const USER_SEARCH_CANDIDATES = 200;

/**
 * Users whose username is the query, or whose username or full name has a word starting with each
 * word of the query, or, when those are fewer than `limit`, whose username or a word of whose full
 * name is like the query (pg_trgm strict word similarity of at least 0.5, through the trigram
 * indexes on both): exact username first, then usernames that start with it, then the likest.
 * Ranking compares every candidate with the query, so it ranks USER_SEARCH_CANDIDATES of each kind
 * at most: a query like every name on the site ('writer' where all are writers) costs no more than a rare one.
 */
export async function searchUsers(db: Executor, query: string, limit: number) {
  const text = query.toLowerCase();
  const prefix = `${escapeLike(text)}%`;
  const startsAWord = (word: string) => {
    const start = `${escapeLike(word)}%`;
    return sql`(${usernameLower} like ${start} escape '\\' or ${fullnameLower} like ${start} escape '\\' or ${fullnameLower} like ${`% ${start}`} escape '\\')`;
  };
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const byWords = sql`select ${users.id} from ${users} where ${and(...words.map(startsAWord))} limit ${USER_SEARCH_CANDIDATES}`;
  const alike = sql`select ${users.id} from ${users} where (${usernameLower} %>> ${text} or ${fullnameLower} %>> ${text})
    and (select count(*) from by_words) < ${limit} limit ${USER_SEARCH_CANDIDATES}`;
  const exact = sql`select ${users.id} from ${users} where ${usernameLower} = ${text}`;
  return (
    db
      .select({ id: users.id, fullname: users.fullname, username: users.username, profileImg: users.profileImg })
      .from(users)
      // `= any(array(...))`: the candidates are fetched by primary key, not joined with a scan of every user.
      .where(
        and(
          sql`${users.id} = any(array(with by_words as (${byWords}) select id from by_words union (${alike}) union (${exact})))`,
          ne(users.standing, 'suspended'),
        ),
      )
      .orderBy(
        desc(sql`${usernameLower} = ${text}`),
        desc(sql`${usernameLower} like ${prefix} escape '\\'`),
        desc(
          sql`greatest(strict_word_similarity(${text}, ${usernameLower}), strict_word_similarity(${text}, ${fullnameLower}))`,
        ),
        asc(users.username),
      )
      .limit(limit)
  );
}

/** An author has published at least one blog (the users' own counter, kept with every publish). */
const isAuthor = gt(users.totalPosts, 0);

/** One page of authors, in primary-key order. */
export async function listAuthors(db: Executor, offset: number, limit: number) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isAuthor)
    .orderBy(asc(users.id))
    .offset(offset)
    .limit(limit);
}

export async function countAuthors(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(isAuthor);
  return row?.total ?? 0;
}

/** The last edit of each author's published blogs (through blogs_author_idx); an author without one is left out. */
export async function lastPublishedEdits(db: Executor, authorIds: string[]): Promise<Map<string, Date>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .select({ authorId: blogs.authorId, lastEdit: sql`max(${blogs.updatedAt})`.mapWith(blogs.updatedAt) })
    .from(blogs)
    .where(and(inArray(blogs.authorId, authorIds), listedToReaders))
    .groupBy(blogs.authorId);
  return new Map(rows.map((row) => [row.authorId, row.lastEdit]));
}
