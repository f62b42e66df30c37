import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actorKeys } from '../../db/schema/index.ts';

/** RSA first: deliveries sign with the first RSA key (HTTP Signatures); Ed25519 is for object proofs. */
type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;

const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

async function storedKeys(db: Db, userId: string) {
  return db.select().from(actorKeys).where(eq(actorKeys.userId, userId));
}

/**
 * An author's key pairs, made the first time they are asked for and kept: remote servers cache
 * public keys, so a key must never change under them. Two instances making them at once both
 * insert "if none", and both then read the one that was kept.
 */
export async function actorKeyPairs(db: Db, userId: string): Promise<KeyPair[]> {
  let rows = await storedKeys(db, userId);
  const missing = ALGORITHMS.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm));
  if (missing.length > 0) {
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      const values = {
        userId,
        algorithm,
        publicKey: await exportJwk(pair.publicKey),
        privateKey: await exportJwk(pair.privateKey),
      };
      await db.insert(actorKeys).values(values).onConflictDoNothing();
    }
    rows = await storedKeys(db, userId);
  }
  return Promise.all(
    ALGORITHMS.map(async (algorithm) => {
      const row = rows.find((r) => r.algorithm === algorithm)!;
      return {
        publicKey: await importJwk(row.publicKey, 'public'),
        privateKey: await importJwk(row.privateKey, 'private'),
      };
    }),
  );
}

/** The author's RSA private key, the one that signs deliveries. */
export const signingKey = async (db: Db, userId: string): Promise<KeyPair['privateKey']> =>
  (await actorKeyPairs(db, userId))[0]!.privateKey;
