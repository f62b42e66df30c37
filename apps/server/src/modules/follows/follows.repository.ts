import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';

export interface Follow {
  followerId: string;
  authorId: string;
}

/** Answers whether a follow was added; one that exists already (even one being added right now) is left alone. */
export async function insertFollow(tx: Executor, follow: Follow): Promise<boolean> {
  const rows = await tx.insert(follows).values(follow).onConflictDoNothing().returning({ authorId: follows.authorId });
  return rows.length > 0;
}

export async function deleteFollow(tx: Executor, { followerId, authorId }: Follow): Promise<boolean> {
  const rows = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.authorId, authorId)))
    .returning({ authorId: follows.authorId });
  return rows.length > 0;
}

export async function findFollow(db: Executor, { followerId, authorId }: Follow): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.authorId, authorId)));
  return Boolean(row);
}

/** The ids of the authors `userId` follows, as a subquery (read through the primary key). */
export const authorsFollowedBy = (userId: string): SQL =>
  sql`select ${follows.authorId} from ${follows} where ${follows.followerId} = ${userId}`;

/** The ids of the users who follow `authorId`, as a subquery (read through follows_author_idx). */
export const followersOf = (authorId: string): SQL =>
  sql`select ${follows.followerId} from ${follows} where ${follows.authorId} = ${authorId}`;

/** Every follow a member is in, either side. */
export async function followsOf(tx: Executor, userId: string): Promise<Follow[]> {
  return tx
    .select({ followerId: follows.followerId, authorId: follows.authorId })
    .from(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.authorId, userId)));
}

/** The author's count of followers as users keeps it (users owns the counter; this reads it back after a follow). */
export async function countFollowers(db: Executor, authorId: string): Promise<number> {
  const [row] = await db.select({ total: users.totalFollowers }).from(users).where(eq(users.id, authorId));
  return row?.total ?? 0;
}
