import {
  canActOnMember,
  canDeleteMember,
  canSetRole,
  canTransferOwnership,
  DELETED_MEMBER,
  isStaff,
  isTrusted,
  ROLES,
  type Actor,
  type DeleteMemberBody,
  type Member,
  type MembersBody,
  type MembersResponse,
  type SetRoleBody,
  type SetTrustBody,
  type Standing,
  type TransferOwnershipBody,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { signOutOtherSessions } from '../auth/index.ts';
import { lockAuthorBlogs, type BlogEventHandlers } from '../blogs/index.ts';
import { resolveReports } from '../reports/index.ts';
import { deleteAccount, findUserByUsername, type UserEventHandlers } from '../users/index.ts';
import {
  listMembers,
  lockMemberById,
  setMemberRole,
  setMemberStanding,
  setMemberTrust,
  type MemberRow,
} from './members.repository.ts';
import { logAndTell, memberTarget, writeLogLine, type LogLine } from './moderation-log.ts';

/** A member as staff see them, with what `actor` may do to them (policies.ts). */
export function presentMember(actor: Actor, row: MemberRow): Member {
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
    trust: row.trust,
    trusted: isTrusted(row, row.trustedAfter),
    can: {
      roles: ROLES.filter((role) => role !== row.role && role !== 'owner' && canSetRole(actor, row, role)),
      standing: canActOnMember(actor, row),
      trust: canActOnMember(actor, row),
      transferOwnership: canTransferOwnership(actor, row),
      delete: canDeleteMember(actor, row),
    },
  };
}

export async function membersPage(db: Db, actor: Actor, { page, query }: MembersBody): Promise<MembersResponse> {
  const { members, total } = await listMembers(db, page, query);
  return { members: members.map((row) => presentMember(actor, row)), totalDocs: total };
}

/** What an action changed, for its line in the moderation log; `tell: false` for an account that is gone, and `target` for one that is named no more. */
interface Change {
  action: LogLine['action'];
  detail: string;
  tell?: false;
  target?: LogLine['target'];
}

/** Whom a staff action is on: the member a staff member named, or one of a bulk action's, by id. */
type MemberRef = ({ username: string } | { id: string }) & { reason: string };

/**
 * Runs a staff action on a member in one transaction (a savepoint when `db` is the caller's), with
 * both rows locked in the order of their ids (two staff acting on each other at once take turns,
 * never deadlock): the rules are checked against the roles as they are then, not as the session
 * read them. An action that changed something answers what, and its line of the moderation log is
 * written here. `lockFirst` takes whatever else the action will lock that is otherwise locked
 * before a member.
 */
async function actOnMember(
  db: Executor,
  actor: { id: string; username: string },
  { reason, ...ref }: MemberRef,
  act: (tx: Executor, actor: MemberRow, target: MemberRow) => Promise<[MemberRow, Change?]>,
  lockFirst?: (tx: Executor, targetId: string) => Promise<void>,
): Promise<{ member: Member }> {
  return db.transaction(async (tx) => {
    // Found unlocked, then both locked in id order: locking the target first would undo the order.
    const named = 'id' in ref ? ref : await findUserByUsername(tx, ref.username);
    if (named && lockFirst) await lockFirst(tx, named.id);
    const rows = new Map<string, MemberRow | undefined>();
    for (const id of new Set([actor.id, named?.id ?? actor.id].sort())) rows.set(id, await lockMemberById(tx, id));
    const self = rows.get(actor.id);
    const target = named && rows.get(named.id);
    if (!self || !target) throw notFound('user_not_found');
    const [after, change] = await act(tx, self, target);
    if (change) {
      const { tell, target: named = memberTarget(target), ...line } = change;
      const logged = { ...line, target: named, reason };
      if (tell === false) await writeLogLine(tx, actor, logged);
      else await logAndTell(tx, actor, target.id, logged);
    }
    return { member: presentMember(self, after) };
  });
}

export function changeRole(db: Db, actor: SessionUser, { role, ...body }: SetRoleBody) {
  return actOnMember(db, actor, body, async (tx, self, target) => {
    if (!canSetRole(self, target, role)) throw forbidden('role_change_forbidden');
    if (target.role === role) return [target];
    await setMemberRole(tx, target.id, role);
    return [
      { ...target, role },
      { action: 'role', detail: `${target.role} → ${role}` },
    ];
  });
}

/** Trusts a member by hand, distrusts them, or leaves their trust to the count of their blogs (`auto`): staff, on members ranked below them. */
export function changeTrust(db: Db, actor: SessionUser, { trust, ...body }: SetTrustBody) {
  return actOnMember(db, actor, body, async (tx, self, target) => {
    if (!canActOnMember(self, target)) throw forbidden('trust_change_forbidden');
    if (target.trust === trust) return [target];
    await setMemberTrust(tx, target.id, trust);
    return [
      { ...target, trust },
      { action: 'trust', detail: `${target.trust} → ${trust}` },
    ];
  });
}

/**
 * Silences, suspends or restores a member; their blogs follow (visibility/visibility.ts), and suspending ends
 * every session of theirs at once, on every instance. `membersOnly` (a bulk action) refuses staff
 * of any rank, as the filter that found them did.
 */
export function changeStanding(
  db: Executor,
  events: BlogEventHandlers,
  actor: { id: string; username: string },
  { standing, ...ref }: MemberRef & { standing: Standing },
  membersOnly = false,
) {
  let authorBlogs: Awaited<ReturnType<typeof lockAuthorBlogs>> | undefined;
  return actOnMember(
    db,
    actor,
    ref,
    async (tx, self, target) => {
      if (!canActOnMember(self, target) || (membersOnly && isStaff(target.role)))
        throw forbidden('standing_change_forbidden');
      // Silenced or suspended, whether just now or before: staff have dealt with the reports of the member.
      if (standing !== 'active') await resolveReports(tx, { type: 'user', id: target.id }, self.id);
      if (target.standing === standing) return [target];
      await setMemberStanding(tx, target.id, standing);
      await authorBlogs!.followStanding(target.standing, new Date());
      if (standing === 'suspended') await signOutOtherSessions(tx, target.id);
      return [
        { ...target, standing },
        { action: 'standing', detail: `${target.standing} → ${standing}` },
      ];
    },
    async (tx, targetId) => {
      authorBlogs = await lockAuthorBlogs(tx, events, targetId);
    },
  );
}

/** The owner hands the site over and stays on as an admin; the one-owner index holds in between. */
export function transferOwnership(db: Db, actor: SessionUser, body: TransferOwnershipBody) {
  return actOnMember(db, actor, body, async (tx, self, target) => {
    if (!canTransferOwnership(self, target)) throw forbidden('ownership_transfer_forbidden');
    await setMemberRole(tx, self.id, 'admin');
    await setMemberRole(tx, target.id, 'owner');
    return [
      { ...target, role: 'owner' },
      { action: 'transfer_ownership', detail: `${self.username} → ${target.username}` },
    ];
  });
}

/**
 * Deletes a member's account and all its content for good, as their own deletion does (users'
 * `leaving` event: docs/product/rules.md Deleting an account). The log keeps the line, naming
 * nobody (as every line about them now does); there is nobody left to tell. `membersOnly`: a spam
 * wave's, which never takes staff, whatever their rank.
 */
export function deleteMemberAccount(
  db: Executor,
  events: { blogs: BlogEventHandlers; users: UserEventHandlers },
  actor: { id: string; username: string },
  ref: MemberRef,
  membersOnly = false,
) {
  return actOnMember(
    db,
    actor,
    ref,
    async (tx, self, target) => {
      if (!canDeleteMember(self, target) || (membersOnly && isStaff(target.role)))
        throw forbidden('member_delete_forbidden');
      await deleteAccount(tx, events.users, target.id, new Date());
      return [
        target,
        {
          action: 'member_delete',
          detail: `${target.role}, ${target.standing} → deleted`,
          tell: false,
          target: { type: 'user', id: '', label: DELETED_MEMBER },
        },
      ];
    },
    // Their blogs before their row, as a save takes them (lockAuthorBlogs).
    async (tx, targetId) => void (await lockAuthorBlogs(tx, events.blogs, targetId)),
  );
}

/** `POST /api/admin/delete-member`: one member, once their username is typed again. */
export async function deleteMember(
  db: Db,
  events: { blogs: BlogEventHandlers; users: UserEventHandlers },
  actor: SessionUser,
  { confirm, ...body }: DeleteMemberBody,
) {
  if (confirm.trim().toLowerCase() !== body.username.trim().toLowerCase()) throw badRequest('confirmation_mismatch');
  await deleteMemberAccount(db, events, actor, body);
  return { username: body.username.trim(), deleted: true as const };
}
