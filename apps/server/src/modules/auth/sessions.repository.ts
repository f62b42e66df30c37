import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export interface SessionUser {
  id: string;
  sessionId: string;
  username: string;
  fullname: string;
  profileImg: string;
}

export async function createSession(db: Executor, userId: string, days: number) {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hash,
    expiresAt: sql`now() + make_interval(days => ${days})`,
  });
  return token;
}

export async function findSessionUser(db: Executor, token: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .from(users)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`), eq(users.id, sessions.userId)))
    .returning({
      id: users.id,
      sessionId: sessions.id,
      username: users.username,
      fullname: users.fullname,
      profileImg: users.profileImg,
    });
  return row;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user, or every one but `keep`. */
export async function revokeUserSessions(db: Executor, userId: string, keep?: string) {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}
