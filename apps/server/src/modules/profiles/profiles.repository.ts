import { asc, desc, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { users } from '../../db/schema/index.ts';

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
