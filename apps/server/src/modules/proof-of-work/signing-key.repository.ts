import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { proofOfWorkKey } from '../../db/schema/index.ts';

/**
 * The key that signs challenges where ALTCHA_HMAC_KEY is unset: made the first time it is asked
 * for and kept. Instances asking at once all insert "if none", then all read the one kept.
 */
export async function keptSigningKey(db: Executor): Promise<string> {
  await db
    .insert(proofOfWorkKey)
    .values({ key: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ key: proofOfWorkKey.key }).from(proofOfWorkKey);
  return row!.key;
}
