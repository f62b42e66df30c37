import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit token for the client and the SHA-256 we store in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The shape of our tokens; anything else is refused before it reaches the database. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
