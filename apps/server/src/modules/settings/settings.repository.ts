import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/*
 * What the signed-in user's own settings read of their account. Every write of it is the users
 * module's (its one owner).
 */

export type OwnProfileRow = Pick<
  typeof users.$inferSelect,
  'id' | 'fullname' | 'username' | 'email' | 'profileImg' | 'bio' | 'socialLinks' | 'role' | 'standing'
>;

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
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}
