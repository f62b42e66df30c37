import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { spentChallenges } from '../../db/schema/index.ts';

/**
 * A spent challenge is forgotten this long after it expired, not at once: an instance whose clock
 * lags the database's would otherwise still take a solution whose row had just gone.
 */
const FORGET_AFTER = sql`interval '1 hour'`;

/**
 * Spends a challenge, named by its signature: true the first time, false ever after (on every
 * instance, by the primary key). Rows long expired go at the same time: nothing reads them any more.
 */
export async function spendChallenge(db: Executor, signature: string, expiresAt: Date): Promise<boolean> {
  await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, sql`now() - ${FORGET_AFTER}`));
  const spent = await db
    .insert(spentChallenges)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  return spent.length > 0;
}
