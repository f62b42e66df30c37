import { isUuid } from '@inkwell/contracts';
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { users, type SocialLinks } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function findUserByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

/**
 * A username from the e-mail's local part, made unique: `jane`, then `jane1`, `jane2`…
 * The unique index has the last word; callers retry on a conflict.
 */
export async function freeUsername(db: Executor, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9_.]/g, '')
      .slice(0, 24) || 'user';
  const padded = base.length < 3 ? `${base}${'_'.repeat(3 - base.length)}` : base;
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) ~ ${`^${padded.replace(/\./g, '\\.')}[0-9]*$`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  if (!taken.has(padded)) return padded;
  for (let n = 1; ; n++) if (!taken.has(`${padded}${n}`)) return `${padded}${n}`;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export type OwnProfileRow = Pick<UserRow, 'fullname' | 'username' | 'email' | 'profileImg' | 'bio' | 'socialLinks'>;

export async function findOwnProfile(db: Executor, userId: string): Promise<OwnProfileRow | undefined> {
  const [row] = await db
    .select({
      fullname: users.fullname,
      username: users.username,
      email: users.email,
      profileImg: users.profileImg,
      bio: users.bio,
      socialLinks: users.socialLinks,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The unique index on lower(username) refuses a name another user holds, even in a race. */
export async function updateProfile(
  db: Executor,
  userId: string,
  values: { username: string; bio: string; socialLinks: SocialLinks },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function updateProfileImg(db: Executor, userId: string, profileImg: string) {
  await db.update(users).set({ profileImg }).where(eq(users.id, userId));
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** The one writer of a password (sign-up writes the first with the row). */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Adds to (or, negative, takes from) an author's counters; they never go below zero. */
export async function addToAuthorCounters(
  db: Executor,
  authorId: string,
  { posts, reads }: { posts: number; reads: number },
) {
  if (posts === 0 && reads === 0) return;
  await db
    .update(users)
    .set({
      totalPosts: sql`greatest(0, ${users.totalPosts} + ${posts})`,
      totalReads: sql`greatest(0, ${users.totalReads} + ${reads})`,
    })
    .where(eq(users.id, authorId));
}

/**
 * Moves the follow counters of a follow added (+1) or removed (-1): the author's followers and the
 * follower's following. The two rows are updated in the order of their ids, so follows between the
 * same two users in both directions at once lock them in one order and never deadlock.
 */
export async function addToFollowCounters(
  db: Executor,
  { followerId, authorId }: { followerId: string; authorId: string },
  change: 1 | -1,
) {
  const updates = [
    { id: followerId, set: { totalFollowing: sql`${users.totalFollowing} + ${change}` } },
    { id: authorId, set: { totalFollowers: sql`${users.totalFollowers} + ${change}` } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id, set } of updates) await db.update(users).set(set).where(eq(users.id, id));
}

export async function countFollowers(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: users.totalFollowers }).from(users).where(eq(users.id, userId));
  return row?.total ?? 0;
}

/** Adds each author's newly counted reads, in one statement. */
export async function addAuthorReads(db: Executor, reads: { authorId: string; reads: number }[]) {
  if (reads.length === 0) return;
  const counted = sql.join(
    reads.map((r) => sql`(${r.authorId}::uuid, ${r.reads}::int)`),
    sql`, `,
  );
  await db.execute(sql`update users set total_reads = users.total_reads + c.reads
    from (values ${counted}) as c (author_id, reads) where users.id = c.author_id`);
}

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
      .select({ fullname: users.fullname, username: users.username, profileImg: users.profileImg })
      .from(users)
      // `= any(array(...))`: the candidates are fetched by primary key, not joined with a scan of every user.
      .where(
        sql`${users.id} = any(array(with by_words as (${byWords}) select id from by_words union (${alike}) union (${exact})))`,
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

/** How many blogs readers may see by one author (by id, or username in any case): the author's own counter; 0 for nobody. */
export async function countPostsBy(db: Executor, author: string): Promise<number> {
  // Usernames hold no dashes, so a uuid is always an id.
  const [row] = await db
    .select({ total: users.totalPosts })
    .from(users)
    .where(isUuid(author) ? eq(users.id, author) : sql`${usernameLower} = lower(${author})`);
  return row?.total ?? 0;
}

/** How many blogs readers may see by the authors a subquery of user ids names: the sum of their own counters. */
export async function countPostsOfAuthors(db: Executor, authorIds: SQL): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${users.totalPosts}), 0)::int` })
    .from(users)
    .where(sql`${users.id} in (${authorIds})`);
  return Number(row?.total ?? 0);
}

export async function countAuthors(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(isAuthor);
  return row?.total ?? 0;
}
