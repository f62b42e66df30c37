import {
  canActOnMember,
  canSetRole,
  canTransferOwnership,
  ROLES,
  type Actor,
  type Member,
  type MembersBody,
  type MembersResponse,
  type SetRoleBody,
  type SetStandingBody,
  type TransferOwnershipBody,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { signOutOtherSessions } from '../auth/index.ts';
import {
  listMembers,
  lockMember,
  lockMemberById,
  setMemberRole,
  setMemberStanding,
  type MemberRow,
} from './members.repository.ts';
import { writeLogLine } from './moderation-log.ts';

/** A member as staff see them, with what `actor` may do to them (policies.ts). */
function presentMember(actor: Actor, row: MemberRow): Member {
  return {
    _id: row.id,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    profile_img: row.profileImg,
    role: row.role,
    standing: row.standing,
    joinedAt: row.joinedAt.toISOString(),
    total_posts: row.totalPosts,
    can: {
      roles: ROLES.filter((role) => role !== row.role && role !== 'owner' && canSetRole(actor, row, role)),
      standing: canActOnMember(actor, row),
      transferOwnership: canTransferOwnership(actor, row),
    },
  };
}

export async function membersPage(db: Db, actor: Actor, { page, query }: MembersBody): Promise<MembersResponse> {
  const { members, total } = await listMembers(db, page, query);
  return { members: members.map((row) => presentMember(actor, row)), totalDocs: total };
}

/**
 * Runs a staff action on the member named `username` in one transaction, with both rows locked in
 * the order of their ids (two staff acting on each other at once take turns, never deadlock): the
 * rules are checked against the roles as they are then, not as the session read them.
 */
async function actOnMember(
  db: Db,
  actor: SessionUser,
  username: string,
  act: (tx: Executor, actor: MemberRow, target: MemberRow) => Promise<MemberRow>,
): Promise<{ member: Member }> {
  return db.transaction(async (tx) => {
    const found = await lockMember(tx, username);
    if (!found) throw notFound('user_not_found');
    const [first, second] = [actor.id, found.id].sort();
    const rows = new Map<string, MemberRow>();
    for (const id of new Set([first!, second!])) rows.set(id, (await lockMemberById(tx, id))!);
    const self = rows.get(actor.id)!;
    const after = await act(tx, self, rows.get(found.id)!);
    return { member: presentMember(self, after) };
  });
}

export function changeRole(db: Db, actor: SessionUser, { username, role, reason }: SetRoleBody) {
  return actOnMember(db, actor, username, async (tx, self, target) => {
    if (!canSetRole(self, target, role)) throw forbidden('role_change_forbidden');
    if (target.role === role) return target;
    await setMemberRole(tx, target.id, role);
    await writeLogLine(tx, actor, {
      action: 'role',
      target: { type: 'user', id: target.id, label: target.username },
      detail: `${target.role} → ${role}`,
      reason,
    });
    return { ...target, role };
  });
}

/** Silences, suspends or restores a member; suspending ends every session of theirs at once, on every instance. */
export function changeStanding(db: Db, actor: SessionUser, { username, standing, reason }: SetStandingBody) {
  return actOnMember(db, actor, username, async (tx, self, target) => {
    if (!canActOnMember(self, target)) throw forbidden('standing_change_forbidden');
    if (target.standing === standing) return target;
    await setMemberStanding(tx, target.id, standing);
    if (standing === 'suspended') await signOutOtherSessions(tx, target.id);
    await writeLogLine(tx, actor, {
      action: 'standing',
      target: { type: 'user', id: target.id, label: target.username },
      detail: `${target.standing} → ${standing}`,
      reason,
    });
    return { ...target, standing };
  });
}

/** The owner hands the site over and stays on as an admin; the one-owner index holds in between. */
export function transferOwnership(db: Db, actor: SessionUser, { username, reason }: TransferOwnershipBody) {
  return actOnMember(db, actor, username, async (tx, self, target) => {
    if (!canTransferOwnership(self, target)) throw forbidden('ownership_transfer_forbidden');
    await setMemberRole(tx, self.id, 'admin');
    await setMemberRole(tx, target.id, 'owner');
    await writeLogLine(tx, actor, {
      action: 'transfer_ownership',
      target: { type: 'user', id: target.id, label: target.username },
      detail: `${self.username} → ${target.username}`,
      reason,
    });
    return { ...target, role: 'owner' };
  });
}
