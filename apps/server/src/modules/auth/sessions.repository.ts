import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { defenceOn } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { sessions, siteSettings, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hashToken, newToken } from './tokens.ts';

export async function createSession(db: Executor, userId: string, days: number) {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hash,
    expiresAt: sql`now() + make_interval(days => ${days})`,
  });
  return token;
}

/**
 * last_used_at says "active lately", to the nearest few minutes: writing it on every request would
 * turn every signed-in read, and every heartbeat of an open notification stream, into a write.
 */
const TOUCH_INTERVAL = sql`interval '5 minutes'`;

/** How long an account counts as young, for the site setting youngAccountLimits. */
const YOUNG_ACCOUNT = sql`interval '1 day'`;

/** The settings of the defences a session is held to (the spam-wave switch turns each on); a site whose row is not made yet has them off. */
const defences = {
  youngAccountLimits: sql<boolean>`coalesce(${siteSettings.youngAccountLimits}, false)`,
  emailVerification: sql<boolean>`coalesce(${siteSettings.emailVerification}, false)`,
  spamWave: sql<boolean>`coalesce(${siteSettings.spamWave}, false)`,
};

/**
 * A live token's session and member, with the defences that hold for them now (read with the
 * session, in the same statement). Every signed-in request asks it first, so it is built once and
 * named (db/prepared.ts).
 */
const sessionUser = preparedPerDatabase((db) =>
  db
    .select({
      id: users.id,
      sessionId: sessions.id,
      username: users.username,
      fullname: users.fullname,
      profileImg: users.profileImg,
      role: users.role,
      standing: users.standing,
      young: sql<boolean>`${users.joinedAt} > now() - ${YOUNG_ACCOUNT}`,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      ...defences,
      stale: sql<boolean>`${sessions.lastUsedAt} < now() - ${TOUCH_INTERVAL}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(siteSettings, sql`true`)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        // Suspending revokes the sessions too; this holds for one that was being made at that moment.
        ne(users.standing, 'suspended'),
      ),
    )
    .prepare('find_session_user'),
);

/**
 * The signed-in user of a live token, with the defences that hold for them now: `canMail` says
 * whether e-mail verification can hold at all.
 */
export async function findSessionUser(db: Executor, token: string, canMail: boolean): Promise<SessionUser | undefined> {
  const [row] = await sessionUser(db).execute({ tokenHash: hashToken(token) });
  if (!row) return undefined;
  const { stale, young, verified, youngAccountLimits, emailVerification, spamWave, ...user } = row;
  if (stale)
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessions.id, user.sessionId));
  const settings = { youngAccountLimits, emailVerification, spamWave };
  return {
    ...user,
    limitedAsNew: young && defenceOn(settings, 'youngAccountLimits', canMail),
    emailUnverified: !verified && defenceOn(settings, 'emailVerification', canMail),
  };
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
