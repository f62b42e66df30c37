import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { readOnce } from '../../db/read-once.ts';
import { users, type SocialLinks } from '../../db/schema/index.ts';
import { changed, countChanged, Tags } from '../../plugins/cache-tags.ts';
import { noteListingChanged } from '../visibility/index.ts';

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

/** Prepared, and read once for a profile page's head and its data (readOnce). */
const byUsername = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${sql.placeholder('username')})`)
    .prepare('user_by_username'),
);

/**
 * The member named `username` (any case). `asSeenByOthers`: as a member sees another, to whom a
 * suspended member is nobody (their profile, feeds, follows and subscriptions answer 404).
 */
export async function findUserByUsername(
  db: Executor,
  username: string,
  { asSeenByOthers = false } = {},
): Promise<UserRow | undefined> {
  const [row] = await readOnce(`member ${username}`, () => byUsername(db).execute({ username }));
  return asSeenByOthers && row?.standing === 'suspended' ? undefined : row;
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

export async function anyUserExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Changes what a member says of themselves: their profile's words, or (alone) their picture. The
 * unique index on lower(username) refuses a name another user holds, even in a race. Feeds and
 * sitemaps show the name and the bio, so the words move the lists' stamp with them (taken first,
 * as a blog's save takes it before its author's row).
 */
export async function updateProfile(
  db: Executor,
  userId: string,
  values: { username: string; bio: string; socialLinks: SocialLinks } | { profileImg: string },
) {
  const update = (tx: Executor) => tx.update(users).set(values).where(eq(users.id, userId));
  changed(Tags.member(userId));
  if ('profileImg' in values) {
    await update(db);
    return;
  }
  // A new username: a profile cached as not found may be this one now.
  changed(Tags.members);
  await db.transaction(async (tx) => {
    await noteListingChanged(tx);
    await update(tx);
  });
}

/** Notes that the member confirmed their e-mail address (sign-up leaves a password account's unconfirmed). */
export async function markEmailVerified(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
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
  countChanged(Tags.member(authorId));
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
  countChanged(Tags.member(followerId), Tags.member(authorId));
  const updates = [
    { id: followerId, set: { totalFollowing: sql`${users.totalFollowing} + ${change}` } },
    { id: authorId, set: { totalFollowers: sql`${users.totalFollowers} + ${change}` } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id, set } of updates) await db.update(users).set(set).where(eq(users.id, id));
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

/** The account's row goes, and every row that hangs on it (foreign keys cascade): the last step of leaving (leaving.ts). */
export async function deleteUserRow(tx: Executor, userId: string) {
  await tx.delete(users).where(eq(users.id, userId));
}
