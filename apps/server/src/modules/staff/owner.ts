import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { anyUserExists } from '../users/index.ts';

export async function findOwner(db: Executor) {
  const [owner] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.role, 'owner'));
  return owner;
}

/**
 * The start-up line of a site that has accounts but no owner (one older than roles): how to name
 * one. A new site needs none: its first account is its owner.
 */
export async function ownerlessLine(db: Executor): Promise<string | undefined> {
  if ((await findOwner(db)) || !(await anyUserExists(db))) return undefined;
  return 'inkwell: this site has no owner yet: name one with `npm run admin -- owner <email>`';
}
