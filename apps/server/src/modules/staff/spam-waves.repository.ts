import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { Limits, type BulkActionKind, type MemberFilter } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { bulkActionMembers, bulkActions, comments, users } from '../../db/schema/index.ts';
import { listMembersWhere, matching } from './members.repository.ts';

const DAY_MS = 86_400_000;
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** The members a filter matches: plain members only, whatever it says (staff are never in a spam wave). */
function filtered(filter: MemberFilter): SQL {
  const written = sql<number>`(select count(*) from ${comments} where ${comments.commentedBy} = ${users.id})`;
  const between = (column: SQL, min?: number, max?: number) => [
    min === undefined ? undefined : gte(column, min),
    max === undefined ? undefined : lte(column, max),
  ];
  return and(
    eq(users.role, 'member'),
    eq(users.standing, filter.standing),
    filter.joinedFrom ? gte(users.joinedAt, startOfDay(filter.joinedFrom)) : undefined,
    filter.joinedTo ? lt(users.joinedAt, new Date(startOfDay(filter.joinedTo).getTime() + DAY_MS)) : undefined,
    filter.method === undefined
      ? undefined
      : filter.method === 'google'
        ? isNotNull(users.googleSub)
        : isNull(users.googleSub),
    filter.verified === undefined
      ? undefined
      : filter.verified
        ? isNotNull(users.emailVerifiedAt)
        : isNull(users.emailVerifiedAt),
    ...between(sql`${users.totalPosts}`, filter.blogsMin, filter.blogsMax),
    ...between(written, filter.commentsMin, filter.commentsMax),
    matching(filter.query),
  )!;
}

/** A page of the members a filter matches, newest first, and how many in all. */
export const listMatching = (db: Executor, filter: MemberFilter, page: number) =>
  listMembersWhere(db, filtered(filter), page);

export interface NewBulkAction {
  action: BulkActionKind;
  reason: string;
  filter: MemberFilter;
  actor: { id: string; username: string };
}

/** A bulk action and the members its filter matches now, frozen into it; answers its row, with `total` the number frozen. */
export async function insertBulkAction(tx: Executor, { action, reason, filter, actor }: NewBulkAction) {
  const [row] = await tx
    .insert(bulkActions)
    .values({ action, reason, filter, actorId: actor.id, actorUsername: actor.username, total: 0 })
    .returning({ id: bulkActions.id });
  const id = row!.id;
  const frozen = await tx
    .insert(bulkActionMembers)
    .select(
      tx
        .select({
          bulkActionId: sql<string>`${id}::uuid`.as('bulk_action_id'),
          userId: users.id,
          doneAt: sql<Date | null>`null::timestamptz`.as('done_at'),
        })
        .from(users)
        .where(filtered(filter)),
    )
    .returning({ userId: bulkActionMembers.userId });
  const [saved] = await tx.update(bulkActions).set({ total: frozen.length }).where(eq(bulkActions.id, id)).returning();
  return saved!;
}

export type BulkActionRow = typeof bulkActions.$inferSelect;

export async function findBulkAction(db: Executor, id: string): Promise<BulkActionRow | undefined> {
  const [row] = await db.select().from(bulkActions).where(eq(bulkActions.id, id));
  return row;
}

export async function listBulkActions(db: Executor, page: number) {
  const rows = await db
    .select()
    .from(bulkActions)
    .orderBy(desc(bulkActions.createdAt), desc(bulkActions.id))
    .limit(Limits.staffPageSize)
    .offset((page - 1) * Limits.staffPageSize);
  const [{ total }] = (await db.select({ total: count() }).from(bulkActions)) as [{ total: number }];
  return { rows, total };
}

/** The next members of a bulk action not yet worked through, in a fixed order. */
export async function pendingMembers(db: Executor, id: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: bulkActionMembers.userId })
    .from(bulkActionMembers)
    .where(and(eq(bulkActionMembers.bulkActionId, id), isNull(bulkActionMembers.doneAt)))
    .orderBy(asc(bulkActionMembers.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/**
 * Marks a member of a bulk action done and counts them, in the transaction that acts on them;
 * answers false when they were done already (by this job before it was killed, or by another
 * worker that claimed it after its lease ran out: the row's lock makes the second wait, then see it done).
 */
export async function markMemberDone(tx: Executor, id: string, userId: string): Promise<boolean> {
  const marked = await tx
    .update(bulkActionMembers)
    .set({ doneAt: sql`now()` })
    .where(
      and(
        eq(bulkActionMembers.bulkActionId, id),
        eq(bulkActionMembers.userId, userId),
        isNull(bulkActionMembers.doneAt),
      ),
    )
    .returning({ userId: bulkActionMembers.userId });
  if (marked.length === 0) return false;
  await tx
    .update(bulkActions)
    .set({ done: sql`${bulkActions.done} + 1` })
    .where(eq(bulkActions.id, id));
  return true;
}
