import argon2 from 'argon2';

// argon2id with at least m=19456 KiB, t=2, p=1 (docs/security.md).
const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, options);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no account exists keeps sign-in time the same either way. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('Dummy-password-1');
  await verifyPassword(await dummyHash, password);
};
