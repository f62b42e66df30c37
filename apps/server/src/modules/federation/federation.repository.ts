import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  actorKeys,
  blogs,
  comments,
  federationKv,
  remoteArticles,
  remoteFollowers,
  remoteFollowing,
} from '../../db/schema/index.ts';
import { readableByReaders } from '../visibility/index.ts';

export type RemoteFollower = typeof remoteFollowers.$inferSelect;

export async function addRemoteFollower(db: Executor, follower: typeof remoteFollowers.$inferInsert) {
  await db
    .insert(remoteFollowers)
    .values(follower)
    .onConflictDoUpdate({
      target: [remoteFollowers.userId, remoteFollowers.actorId],
      set: { inbox: follower.inbox, sharedInbox: follower.sharedInbox, followId: follower.followId },
    });
}

export async function removeRemoteFollower(db: Executor, userId: string, actorId: string) {
  await db.delete(remoteFollowers).where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId)));
}

export async function listRemoteFollowers(
  db: Executor,
  userId: string,
  offset: number,
  limit: number,
): Promise<RemoteFollower[]> {
  return db
    .select()
    .from(remoteFollowers)
    .where(eq(remoteFollowers.userId, userId))
    .orderBy(desc(remoteFollowers.createdAt), remoteFollowers.actorId)
    .offset(offset)
    .limit(limit);
}

export async function countRemoteFollowers(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(remoteFollowers).where(eq(remoteFollowers.userId, userId));
  return row?.n ?? 0;
}

/** Where an author's activities go: one address per server that has a shared inbox, else each follower's own. */
export async function followerInboxes(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ inbox: sql<string>`coalesce(${remoteFollowers.sharedInbox}, ${remoteFollowers.inbox})` })
    .from(remoteFollowers)
    .where(eq(remoteFollowers.userId, userId));
  return [...new Set(rows.map((row) => row.inbox))];
}

/** A blog readers may read, by its row's id or by the id in its address (its Article's id); undefined for any other. */
export async function findReadableBlog(db: Executor, key: { id: string } | { blogId: string }) {
  const [row] = await db
    .select()
    .from(blogs)
    .where(and('id' in key ? eq(blogs.id, key.id) : eq(blogs.blogId, key.blogId), readableByReaders));
  return row;
}

/** The comments readers see: on blogs they may read, not deleted by staff (NodeInfo's localComments). */
export async function countVisibleComments(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .where(and(isNull(comments.removedAt), readableByReaders));
  return row?.n ?? 0;
}

/** An author's published blogs, newest first, for the outbox. */
export async function publishedBlogsOf(db: Executor, authorId: string, offset: number, limit: number) {
  return db
    .select()
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), readableByReaders))
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .offset(offset)
    .limit(limit);
}

/** The ids in the addresses of an author's blogs readers may read: their Articles' ids on the fediverse. */
export async function readableBlogIdsOf(db: Executor, authorId: string): Promise<string[]> {
  const rows = await db
    .select({ blogId: blogs.blogId })
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), readableByReaders));
  return rows.map((row) => row.blogId);
}

export async function countPublishedBlogsOf(db: Executor, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(blogs)
    .where(and(eq(blogs.authorId, authorId), readableByReaders));
  return row?.n ?? 0;
}

export async function addRemoteFollowing(db: Executor, row: typeof remoteFollowing.$inferInsert) {
  await db
    .insert(remoteFollowing)
    .values(row)
    .onConflictDoUpdate({
      target: [remoteFollowing.userId, remoteFollowing.actorId],
      set: { followId: row.followId, acceptedAt: null },
    });
}

export async function removeRemoteFollowing(db: Executor, userId: string, actorId: string) {
  const [row] = await db
    .delete(remoteFollowing)
    .where(and(eq(remoteFollowing.userId, userId), eq(remoteFollowing.actorId, actorId)))
    .returning({ followId: remoteFollowing.followId });
  return row;
}

export async function acceptRemoteFollowing(db: Executor, followId: string, actorId: string) {
  await db
    .update(remoteFollowing)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(remoteFollowing.followId, followId), eq(remoteFollowing.actorId, actorId)));
}

export async function isFollowedActor(db: Executor, actorId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(remoteFollowing)
    .where(and(eq(remoteFollowing.actorId, actorId), sql`${remoteFollowing.acceptedAt} is not null`));
  return (row?.n ?? 0) > 0;
}

export async function recordRemoteArticle(
  db: Executor,
  article: {
    objectId: string;
    actorId: string;
    name: string;
    url: string | null;
    content: string;
    lastActivity: 'Create' | 'Update';
  },
) {
  await db
    .insert(remoteArticles)
    .values(article)
    .onConflictDoUpdate({
      target: remoteArticles.objectId,
      set: {
        name: article.name,
        url: article.url,
        content: article.content,
        lastActivity: article.lastActivity,
        receivedAt: sql`now()`,
      },
      // Another actor may not overwrite an article that is not theirs.
      setWhere: eq(remoteArticles.actorId, article.actorId),
    });
}

export async function markRemoteArticleDeleted(db: Executor, objectId: string, actorId: string) {
  await db
    .update(remoteArticles)
    .set({ lastActivity: 'Delete', receivedAt: sql`now()` })
    .where(and(eq(remoteArticles.objectId, objectId), eq(remoteArticles.actorId, actorId)));
}

/** The remote actors a user here follows (asked or accepted). */
export async function followedActors(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ actorId: remoteFollowing.actorId })
    .from(remoteFollowing)
    .where(eq(remoteFollowing.userId, userId));
  return rows.map((row) => row.actorId);
}

/** An actor of another server deleted itself: nobody here follows it or is followed by it any more, and its articles go. */
export async function forgetRemoteActor(db: Db, actorId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(remoteFollowing).where(eq(remoteFollowing.actorId, actorId));
    await tx.delete(remoteFollowers).where(eq(remoteFollowers.actorId, actorId));
    await tx.delete(remoteArticles).where(eq(remoteArticles.actorId, actorId));
  });
}

/** An author's RSA private key as it is stored (a JWK), if one was ever made: the key their deliveries are signed with. */
export async function storedSigningKey(db: Executor, userId: string) {
  const [row] = await db
    .select({ privateKey: actorKeys.privateKey })
    .from(actorKeys)
    .where(and(eq(actorKeys.userId, userId), eq(actorKeys.algorithm, 'RSASSA-PKCS1-v1_5')));
  return row?.privateKey;
}

/**
 * Fedify's entries that name a user here (an inbox's record of the activities it took, by
 * recipient; anything cached about them): gone with the user. Ids are random, so a key or value
 * holding one is about that user.
 */
export async function forgetKvEntriesOf(db: Executor, userId: string) {
  await db
    .delete(federationKv)
    .where(
      or(sql`strpos(${federationKv.key}, ${userId}) > 0`, sql`strpos(${federationKv.value}::text, ${userId}) > 0`),
    );
}
