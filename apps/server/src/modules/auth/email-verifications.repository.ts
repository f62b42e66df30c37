import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailVerifications } from '../../db/schema/index.ts';

export async function insertEmailVerification(db: Executor, userId: string, tokenHash: string, validHours: number) {
  await db.insert(emailVerifications).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(hours => ${validHours})`,
  });
}

/**
 * Takes a live link out and answers its member, and takes out their other links with it: each
 * works once, and none is left once the address is confirmed. Two requests racing on one token get one member.
 */
export async function consumeEmailVerification(tx: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiresAt, sql`now()`)))
    .returning({ userId: emailVerifications.userId });
  if (row) await tx.delete(emailVerifications).where(eq(emailVerifications.userId, row.userId));
  return row?.userId;
}
