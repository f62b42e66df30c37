import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/*
 * What the signed-in user's own settings read of their account. Every write of it is the users
 * module's (its one owner).
 */

export type OwnProfileRow = Pick<
  typeof users.$inferSelect,
  'id' | 'fullname' | 'username' | 'email' | 'profileImg' | 'bio' | 'socialLinks' | 'role' | 'standing'
> & { hasPassword: boolean };

export async function findOwnProfile(db: Executor, userId: string): Promise<OwnProfileRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      fullname: users.fullname,
      username: users.username,
      email: users.email,
      profileImg: users.profileImg,
      bio: users.bio,
      socialLinks: users.socialLinks,
      role: users.role,
      standing: users.standing,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** What confirms the deletion of an account: its password, else its Google account; and its role, the owner's staying. */
export async function findAccountConfirmation(db: Executor, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, googleSub: users.googleSub, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Locks the account's row until the caller's transaction ends; answers its role, or undefined when it is gone. */
export async function lockAccount(tx: Executor, userId: string) {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}
