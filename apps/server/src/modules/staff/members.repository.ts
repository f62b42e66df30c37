import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Limits, type Role, type Standing, type Trust } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { blogs, comments, users } from '../../db/schema/index.ts';
import { trustedAfterSql } from '../site/index.ts';

export const memberColumns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  profileImg: users.profileImg,
  role: users.role,
  standing: users.standing,
  joinedAt: users.joinedAt,
  totalPosts: users.totalPosts,
  trust: users.trust,
  trustedAfter: trustedAfterSql,
};
type MemberColumn = Exclude<keyof typeof memberColumns, 'trustedAfter'>;
export type MemberRow = { [K in MemberColumn]: (typeof memberColumns)[K]['_']['data'] } & { trustedAfter: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function matching(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(users.username, pattern), ilike(users.fullname, pattern), ilike(users.email, pattern));
}

/** A page of members, newest first; staff search them by username, name or e-mail. */
export const listMembers = (db: Executor, page: number, query: string) => listMembersWhere(db, matching(query), page);

/** A page of the members `where` matches (all without it), newest first, and how many in all. */
export async function listMembersWhere(db: Executor, where: SQL | undefined, page: number) {
  const members = await db
    .select(memberColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.joinedAt), desc(users.id))
    .limit(Limits.staffPageSize)
    .offset((page - 1) * Limits.staffPageSize);
  const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
  return { members, total };
}

/** A member's row, locked for the action about to change them (two staff acting at once take turns). */
export async function lockMemberById(tx: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select(memberColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setMemberRole(tx: Executor, id: string, role: Role) {
  await tx.update(users).set({ role }).where(eq(users.id, id));
}

export async function setMemberTrust(tx: Executor, id: string, trust: Trust) {
  await tx.update(users).set({ trust }).where(eq(users.id, id));
}

export async function setMemberStanding(tx: Executor, id: string, standing: Standing) {
  await tx.update(users).set({ standing }).where(eq(users.id, id));
}

/** The author of the blog with that blog_id, as staff see members; undefined for no such blog. */
export async function findBlogAuthor(db: Executor, blogId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(eq(blogs.blogId, blogId));
  return row;
}

/** The writer of the comment with that id, as staff see members; undefined for no such comment. */
export async function findCommentWriter(db: Executor, commentId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.commentedBy))
    .where(eq(comments.id, commentId));
  return row;
}
