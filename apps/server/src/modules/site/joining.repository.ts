import { and, count, desc, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Limits } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { applications, invites } from '../../db/schema/index.ts';

/* The applications to join and the invitation links: the rows of who may join besides an open site. */

export type ApplicationRow = typeof applications.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;

export async function insertApplication(db: Executor, values: typeof applications.$inferInsert) {
  await db.insert(applications).values(values);
}

export async function listApplications(db: Executor, page: number) {
  const rows = await db
    .select()
    .from(applications)
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(Limits.staffPageSize)
    .offset((page - 1) * Limits.staffPageSize);
  const [{ total }] = (await db.select({ total: count() }).from(applications)) as [{ total: number }];
  return { rows, total };
}

/** Takes an application out to decide it: answers it, or undefined when another admin decided it first. */
export async function takeApplication(tx: Executor, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.delete(applications).where(eq(applications.id, id)).returning();
  return row;
}

export async function insertInvite(db: Executor, values: typeof invites.$inferInsert): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

export async function listInvites(db: Executor, page: number) {
  const rows = await db
    .select()
    .from(invites)
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(Limits.staffPageSize)
    .offset((page - 1) * Limits.staffPageSize);
  const [{ total }] = (await db.select({ total: count() }).from(invites)) as [{ total: number }];
  return { rows, total };
}

export async function revokeInviteRow(tx: Executor, id: string): Promise<InviteRow | undefined> {
  const [row] = await tx
    .update(invites)
    .set({ revokedAt: sql`coalesce(${invites.revokedAt}, now())` })
    .where(eq(invites.id, id))
    .returning();
  return row;
}

const usable = (tokenHash: string) =>
  and(
    eq(invites.tokenHash, tokenHash),
    isNull(invites.revokedAt),
    gt(invites.expiresAt, sql`now()`),
    lt(invites.uses, invites.maxUses),
  );

export async function isInviteUsable(db: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ id: invites.id }).from(invites).where(usable(tokenHash));
  return row !== undefined;
}

/** Counts one use of the invitation, if it is still usable (checked and counted in one statement, so two sign-ups never share its last use). */
export async function useInvite(tx: Executor, tokenHash: string): Promise<boolean> {
  const used = await tx
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(usable(tokenHash))
    .returning({ id: invites.id });
  return used.length > 0;
}
