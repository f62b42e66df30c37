import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, type SocialLinks } from '../../db/schema/index.ts';

export type OwnProfileRow = Pick<
  typeof users.$inferSelect,
  'fullname' | 'username' | 'email' | 'profileImg' | 'bio' | 'socialLinks'
>;

export async function findOwnProfile(db: Executor, userId: string): Promise<OwnProfileRow | undefined> {
  const [row] = await db
    .select({
      fullname: users.fullname,
      username: users.username,
      email: users.email,
      profileImg: users.profileImg,
      bio: users.bio,
      socialLinks: users.socialLinks,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The unique index on lower(username) refuses a name another user holds, even in a race. */
export async function updateProfile(db: Executor, userId: string, values: { username: string; bio: string; socialLinks: SocialLinks }) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function updateProfileImg(db: Executor, userId: string, profileImg: string) {
  await db.update(users).set({ profileImg }).where(eq(users.id, userId));
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
