import { and, count, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberBlocks, users } from '../../db/schema/index.ts';

/** A member who blocked another. */
export interface MemberBlock {
  blockerId: string;
  blockedId: string;
}

/** Answers whether a block was added; one that exists already (even one being added right now) is left alone. */
export async function insertBlock(tx: Executor, block: MemberBlock): Promise<boolean> {
  const rows = await tx
    .insert(memberBlocks)
    .values(block)
    .onConflictDoNothing()
    .returning({ blockedId: memberBlocks.blockedId });
  return rows.length > 0;
}

export async function deleteBlock(tx: Executor, { blockerId, blockedId }: MemberBlock): Promise<void> {
  await tx
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
}

/** The rows of a block between two members, either way. */
const eitherWay = (a: string | SQL, b: string | SQL) =>
  or(
    and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
    and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
  );

/**
 * Where a member stands with another: `blocker` when they blocked the other (whatever the other
 * did), `blocked` when only the other blocked them, null when neither did.
 */
export type BlockStanding = 'blocker' | 'blocked' | null;

/**
 * Where `userId` stands with `other` (BlockStanding), as an expression of the caller's statement;
 * `other` is an id or an expression of that statement, and null (a member who left) stands with nobody.
 */
export const blockStanding = (userId: string, other: string | SQL): SQL<BlockStanding> =>
  sql`(select case when bool_or(${memberBlocks.blockerId} = ${userId}) then 'blocker' when count(*) > 0 then 'blocked' end
    from ${memberBlocks} where ${eitherWay(userId, other)})`;

/**
 * A condition true when neither of two members blocked the other: nothing passes between them
 * (a notification, stored in the statement that asks). Each is an id or an expression of that statement.
 */
export const noBlockBetween = (a: string | SQL, b: string | SQL): SQL =>
  a === b ? sql`true` : sql`not exists (select 1 from ${memberBlocks} where ${eitherWay(a, b)})`;

/**
 * Makes the caller's transaction wait for any other that blocks, unblocks or checks for a block
 * between the same two members, until it ends: a follow sent as its author blocks the follower
 * either lands before the block (which then ends it) or is refused after it.
 */
export async function lockPair(tx: Executor, a: string, b: string): Promise<void> {
  const pair = [a, b].sort().join(' ');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${pair}, 0))`);
}

/**
 * A condition that leaves out the rows `writer` (a column or expression holding a user's id) wrote
 * when `viewerId` blocked them; always true for an anonymous viewer. Read through the primary key.
 */
export const notBlockedBy = (viewerId: string | null, writer: SQLWrapper): SQL =>
  viewerId === null
    ? sql`true`
    : sql`not exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${viewerId} and ${memberBlocks.blockedId} = ${writer})`;

/** One page of the members `blockerId` blocked, newest block first. */
export function listBlocked(db: Executor, blockerId: string, offset: number, limit: number) {
  return db
    .select({ username: users.username, fullname: users.fullname, profileImg: users.profileImg })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, blockerId))
    .orderBy(desc(memberBlocks.createdAt), desc(memberBlocks.blockedId))
    .offset(offset)
    .limit(limit);
}
export type BlockedRow = Awaited<ReturnType<typeof listBlocked>>[number];

export async function countBlocked(db: Executor, blockerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(memberBlocks).where(eq(memberBlocks.blockerId, blockerId));
  return row?.total ?? 0;
}
