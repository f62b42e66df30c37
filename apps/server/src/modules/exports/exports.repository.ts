import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import type { bookmarks, likes } from '../../db/schema/index.ts';
import { blogRevisions, blogs, comments, follows, images, subscribers, users } from '../../db/schema/index.ts';

/*
 * Every read of an export, of other modules' tables, a page at a time in the order of each table's
 * key (keyset paging: a page starts after the last row of the one before), so that an export never
 * holds more than a page of rows, whatever the site's size. No transaction spans an export: a
 * download may last minutes, and on PGlite a transaction would hold the one connection for as long.
 */

/** Rows read at once. */
export const PAGE = 100;

/** Whose rows: one member's, or the whole site's. */
export type ExportScope = { kind: 'member'; userId: string } | { kind: 'site' };

const mine = (scope: ExportScope, column: AnyPgColumn): SQL | undefined =>
  scope.kind === 'member' ? eq(column, scope.userId) : undefined;

const profileColumns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  bio: users.bio,
  profileImg: users.profileImg,
  socialLinks: users.socialLinks,
  joinedAt: users.joinedAt,
  role: users.role,
};

export async function findProfile(db: Executor, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export const usersPage = (db: Executor, after: string | undefined): Promise<ProfileRow[]> =>
  db
    .select(profileColumns)
    .from(users)
    .where(after === undefined ? undefined : gt(users.id, after))
    .orderBy(asc(users.id))
    .limit(PAGE);

const blogColumns = {
  id: blogs.id,
  blogId: blogs.blogId,
  author: users.username,
  title: blogs.title,
  des: blogs.des,
  tags: blogs.tags,
  draft: blogs.draft,
  banner: blogs.banner,
  content: blogs.content,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
  awaitingReview: blogs.awaitingReview,
  publishAt: blogs.publishAt,
  hiddenReason: blogs.hiddenReason,
};

/** Blogs of every state (drafts, scheduled, waiting for review, hidden): the export is their author's, or the site's. */
export const blogsPage = (db: Executor, scope: ExportScope, after: string | undefined) =>
  db
    .select(blogColumns)
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(and(mine(scope, blogs.authorId), after === undefined ? undefined : gt(blogs.id, after)))
    .orderBy(asc(blogs.id))
    .limit(PAGE);
export type BlogRow = Awaited<ReturnType<typeof blogsPage>>[number];

export type RevisionRow = typeof blogRevisions.$inferSelect;

/** A blog's kept revisions, newest first (a blog keeps a bounded number: revisions.repository.ts). */
export const revisionsOf = (db: Executor, blogId: string): Promise<RevisionRow[]> =>
  db
    .select()
    .from(blogRevisions)
    .where(eq(blogRevisions.blogId, blogId))
    .orderBy(desc(blogRevisions.savedAt), desc(blogRevisions.id));

export interface CommentRow {
  id: string;
  blog: string;
  parent: string | null;
  /** Null for a writer who deleted their account (the comment reads DELETED_MEMBER, kept for its replies). */
  author: string | null;
  text: string;
  createdAt: Date;
  removedAt: Date | null;
}

/** A member's comments (on anyone's blog), or every comment of the site. */
export const commentsPage = (db: Executor, scope: ExportScope, after: string | undefined): Promise<CommentRow[]> =>
  db
    .select({
      id: comments.id,
      blog: blogs.blogId,
      parent: comments.parentId,
      author: users.username,
      text: comments.comment,
      createdAt: comments.createdAt,
      removedAt: comments.removedAt,
    })
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .leftJoin(users, eq(users.id, comments.commentedBy))
    .where(and(mine(scope, comments.commentedBy), after === undefined ? undefined : gt(comments.id, after)))
    .orderBy(asc(comments.id))
    .limit(PAGE);

/** A row of likes or bookmarks, with its key (the member's and the blog's ids) to page by. */
export interface BlogMarkRow {
  userId: string;
  blogRowId: string;
  user: string;
  blog: string;
  createdAt: Date;
}
/** The key of a row of a table keyed by two ids (likes, bookmarks, follows), in the order it is paged by. */
export type PairKey = [string, string];

/** Rows whose pair of ids comes after `after`, in the order of (first, second). */
const afterPair = (first: AnyPgColumn, second: AnyPgColumn, after: PairKey | undefined) =>
  after === undefined ? undefined : sql`(${first}, ${second}) > (${after[0]}::uuid, ${after[1]}::uuid)`;

/** Likes or bookmarks (the same shape): a member's own, or the site's. */
export function blogMarksPage(
  db: Executor,
  table: typeof likes | typeof bookmarks,
  scope: ExportScope,
  after: PairKey | undefined,
): Promise<BlogMarkRow[]> {
  return db
    .select({
      userId: table.userId,
      blogRowId: table.blogId,
      user: users.username,
      blog: blogs.blogId,
      createdAt: table.createdAt,
    })
    .from(table)
    .innerJoin(blogs, eq(blogs.id, table.blogId))
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(mine(scope, table.userId), afterPair(table.userId, table.blogId, after)))
    .orderBy(asc(table.userId), asc(table.blogId))
    .limit(PAGE);
}

const follower = alias(users, 'follower');
const followed = alias(users, 'followed');

export interface FollowRow {
  followerId: string;
  authorId: string;
  follower: string;
  author: string;
  createdAt: Date;
}

/** Follows: the ones a member is either side of (whom they follow, who follows them), or the site's. */
export const followsPage = (db: Executor, scope: ExportScope, after: PairKey | undefined): Promise<FollowRow[]> =>
  db
    .select({
      followerId: follows.followerId,
      authorId: follows.authorId,
      follower: follower.username,
      author: followed.username,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(follower, eq(follower.id, follows.followerId))
    .innerJoin(followed, eq(followed.id, follows.authorId))
    .where(
      and(
        scope.kind === 'member'
          ? or(eq(follows.followerId, scope.userId), eq(follows.authorId, scope.userId))
          : undefined,
        afterPair(follows.followerId, follows.authorId, after),
      ),
    )
    .orderBy(asc(follows.followerId), asc(follows.authorId))
    .limit(PAGE);

export interface SubscriberRow {
  id: string;
  author: string;
  email: string;
  confirmedAt: Date | null;
  createdAt: Date;
}

const subscriberColumns = {
  id: subscribers.id,
  author: users.username,
  email: subscribers.email,
  confirmedAt: subscribers.confirmedAt,
  createdAt: subscribers.createdAt,
};

/** The subscriptions a member made: signed in, or as a visitor with their own address (stored lower-cased). */
export const subscriptionsOf = (db: Executor, userId: string, email: string): Promise<SubscriberRow[]> =>
  db
    .select(subscriberColumns)
    .from(subscribers)
    .innerJoin(users, eq(users.id, subscribers.authorId))
    .where(or(eq(subscribers.userId, userId), eq(subscribers.email, email.trim().toLowerCase())))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.id));

export async function confirmedSubscriberCount(db: Executor, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.authorId, authorId), isNotNull(subscribers.confirmedAt)));
  return row?.n ?? 0;
}

/** Every confirmed subscriber of the site's authors (an unconfirmed address never agreed to be mailed). */
export const confirmedSubscribersPage = (db: Executor, after: string | undefined): Promise<SubscriberRow[]> =>
  db
    .select(subscriberColumns)
    .from(subscribers)
    .innerJoin(users, eq(users.id, subscribers.authorId))
    .where(and(isNotNull(subscribers.confirmedAt), after === undefined ? undefined : gt(subscribers.id, after)))
    .orderBy(asc(subscribers.id))
    .limit(PAGE);

/** Which of these stored images' file names the site has recorded. */
export async function recordedImages(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: images.key }).from(images).where(inArray(images.key, keys));
  return new Set(rows.map((row) => row.key));
}

/** Every stored image's file name, a page at a time: the site export's images. */
export const imageKeysPage = async (db: Executor, after: string | undefined): Promise<string[]> =>
  (
    await db
      .select({ key: images.key })
      .from(images)
      .where(after === undefined ? undefined : gt(images.key, after))
      .orderBy(asc(images.key))
      .limit(PAGE)
  ).map((row) => row.key);
