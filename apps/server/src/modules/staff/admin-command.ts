import { CONSOLE_ACTOR, ROLES, type Role } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import { setMemberRole } from './members.repository.ts';
import { memberTarget, writeLogLine } from './moderation-log.ts';
import { findOwner } from './owner.ts';

/** How the moderation log names what `npm run admin` did: someone at the server's console, not an account. */
const CONSOLE = { id: null, username: CONSOLE_ACTOR };

export const ADMIN_USAGE = `usage: npm run admin -- <${ROLES.join('|')}> <email>`;

/**
 * `npm run admin -- <role> <email>`: the operator's own say over roles, for a site without an owner
 * or whose owner cannot sign in. Naming a new owner makes the old one an admin. The owner is never
 * demoted this way: name another owner. Answers the line to print; throws a line for a refusal.
 */
export async function runAdminCommand(db: Db, args: string[]): Promise<string> {
  const [role, email, ...rest] = args;
  if (!ROLES.includes(role as Role) || !email || rest.length > 0) throw new Error(ADMIN_USAGE);
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No account has the e-mail ${email}`);
  if (user.role === role) return `${user.username} (${email}) is already ${role}`;
  if (user.role === 'owner')
    throw new Error(`${user.username} is the owner: name another owner first (npm run admin -- owner <email>)`);
  await db.transaction(async (tx) => {
    const owner = role === 'owner' ? await findOwner(tx) : undefined;
    if (owner) await setMemberRole(tx, owner.id, 'admin');
    await setMemberRole(tx, user.id, role as Role);
    await writeLogLine(tx, CONSOLE, {
      action: role === 'owner' ? 'transfer_ownership' : 'role',
      target: memberTarget(user),
      detail: owner ? `${owner.username} → ${user.username}` : `${user.role} → ${role}`,
      reason: '',
    });
  });
  return `${user.username} (${email}) is now ${role}`;
}
