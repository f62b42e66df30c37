import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';

export async function insertPasswordReset(db: Executor, userId: string, tokenHash: string, validMinutes: number) {
  await db.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${validMinutes})`,
  });
}

const usable = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

export async function isPasswordResetUsable(db: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable(tokenHash));
  return Boolean(row);
}

/** Marks a reset used and answers its user; two requests racing on one token get one user. */
export async function consumePasswordReset(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Once one link has worked, the user's other outstanding links stop working too. */
export async function deleteOtherPasswordResets(db: Executor, userId: string, keepTokenHash: string) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), ne(passwordResets.tokenHash, keepTokenHash)));
}
