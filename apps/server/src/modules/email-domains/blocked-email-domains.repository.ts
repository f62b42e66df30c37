import { count, desc, eq, inArray } from 'drizzle-orm';
import { Limits } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { blockedEmailDomains } from '../../db/schema/index.ts';

export type BlockedEmailDomainRow = typeof blockedEmailDomains.$inferSelect;

/** Whether any of `domains` is blocked (a look-up by the primary key). */
export async function anyBlocked(db: Executor, domains: string[]): Promise<boolean> {
  const [row] = await db
    .select({ domain: blockedEmailDomains.domain })
    .from(blockedEmailDomains)
    .where(inArray(blockedEmailDomains.domain, domains))
    .limit(1);
  return row !== undefined;
}

/** Adds a block; false when the domain was blocked already. */
export async function insertBlockedEmailDomain(
  db: Executor,
  values: Pick<BlockedEmailDomainRow, 'domain' | 'reason' | 'createdByUsername'>,
): Promise<boolean> {
  const rows = await db
    .insert(blockedEmailDomains)
    .values(values)
    .onConflictDoNothing()
    .returning({ domain: blockedEmailDomains.domain });
  return rows.length > 0;
}

/** Lifts a block; false when the domain was not blocked. */
export async function deleteBlockedEmailDomain(db: Executor, domain: string): Promise<boolean> {
  const rows = await db
    .delete(blockedEmailDomains)
    .where(eq(blockedEmailDomains.domain, domain))
    .returning({ domain: blockedEmailDomains.domain });
  return rows.length > 0;
}

/** A page of the blocks, newest first, and how many there are. */
export async function listBlockedEmailDomains(db: Executor, page: number) {
  const rows = await db
    .select()
    .from(blockedEmailDomains)
    .orderBy(desc(blockedEmailDomains.createdAt), blockedEmailDomains.domain)
    .limit(Limits.staffPageSize)
    .offset((page - 1) * Limits.staffPageSize);
  const [{ total }] = (await db.select({ total: count() }).from(blockedEmailDomains)) as [{ total: number }];
  return { rows, total };
}
