import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs, subscribers, unsubscribeTokens, users } from '../../db/schema/index.ts';
import { readableByReaders } from '../visibility/index.ts';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** A visitor's address for an author, pending unless it was there already; answers nothing. */
export async function addPendingSubscriber(db: Executor, authorId: string, email: string) {
  await db
    .insert(subscribers)
    .values({ authorId, email })
    .onConflictDoNothing({ target: [subscribers.authorId, subscribers.email] });
}

/**
 * Marks the pending subscription as mailed now and answers its id, unless it is confirmed or was
 * mailed less than `minutes` ago (then undefined): one statement, so requests at once mail once.
 */
export async function takeConfirmMailTurn(
  db: Executor,
  authorId: string,
  email: string,
  now: Date,
  minutes: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(subscribers)
    .set({ confirmMailedAt: now })
    .where(
      and(
        eq(subscribers.authorId, authorId),
        eq(subscribers.email, email),
        isNull(subscribers.confirmedAt),
        or(
          isNull(subscribers.confirmMailedAt),
          lt(subscribers.confirmMailedAt, new Date(now.getTime() - minutes * 60_000)),
        ),
      ),
    )
    .returning({ id: subscribers.id });
  return row?.id;
}

/** A signed-in reader's subscription, confirmed at once (a pending one with their address too). */
export async function addConfirmedSubscriber(db: Executor, authorId: string, userId: string, email: string, now: Date) {
  await db
    .insert(subscribers)
    .values({ authorId, email, userId, confirmedAt: now })
    .onConflictDoUpdate({
      target: [subscribers.authorId, subscribers.email],
      set: {
        userId,
        confirmedAt: sql`coalesce(${subscribers.confirmedAt}, ${now.toISOString()}::timestamptz)`,
        confirmTokenHash: null,
      },
    });
}

/** The rows of a reader's subscriptions to an author: made while signed in, or with their address. */
const readersRows = (authorId: string, reader: { id: string; email: string }) =>
  and(eq(subscribers.authorId, authorId), or(eq(subscribers.userId, reader.id), eq(subscribers.email, reader.email)));

export async function isConfirmedSubscriber(
  db: Executor,
  authorId: string,
  reader: { id: string; email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(readersRows(authorId, reader), isNotNull(subscribers.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

export async function deleteReadersSubscriptions(
  db: Executor,
  authorId: string,
  reader: { id: string; email: string },
) {
  await db.delete(subscribers).where(readersRows(authorId, reader));
}

/** Confirms the subscription whose mailed token hashes to `tokenHash`; answers whether one did. */
export async function confirmByTokenHash(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(subscribers)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(eq(subscribers.confirmTokenHash, tokenHash))
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** Ends the subscription an unsubscribe link names; answers whether there was one. */
export async function unsubscribeByTokenHash(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(subscribers)
    .where(
      eq(
        subscribers.id,
        sql`(select ${unsubscribeTokens.subscriberId} from ${unsubscribeTokens} where ${unsubscribeTokens.tokenHash} = ${tokenHash})`,
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

export async function countConfirmedSubscribers(db: Executor, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.authorId, authorId), isNotNull(subscribers.confirmedAt)));
  return row!.n;
}

/** A pending subscription, with its author, for its confirmation mail; undefined once confirmed or gone. */
export async function findPendingSubscriber(db: Executor, id: string) {
  const [row] = await db
    .select({ email: subscribers.email, authorName: users.fullname, authorUsername: users.username })
    .from(subscribers)
    .innerJoin(users, eq(users.id, subscribers.authorId))
    .where(and(eq(subscribers.id, id), isNull(subscribers.confirmedAt)));
  return row;
}

export async function setConfirmTokenHash(db: Executor, id: string, tokenHash: string) {
  await db.update(subscribers).set({ confirmTokenHash: tokenHash }).where(eq(subscribers.id, id));
}

/**
 * What one subscriber's mail about one blog needs, if it is still to be sent: the subscriber still
 * confirmed (one who unsubscribed since the fan-out gets nothing) and the blog still published.
 */
export async function findNewsletter(db: Executor, subscriberId: string, blogId: string) {
  const [row] = await db
    .select({
      email: subscribers.email,
      blogId: blogs.blogId,
      title: blogs.title,
      des: blogs.des,
      banner: blogs.banner,
      authorName: users.fullname,
    })
    .from(subscribers)
    .innerJoin(blogs, and(eq(blogs.id, blogId), eq(blogs.authorId, subscribers.authorId), readableByReaders))
    .innerJoin(users, eq(users.id, subscribers.authorId))
    .where(and(eq(subscribers.id, subscriberId), isNotNull(subscribers.confirmedAt)));
  return row;
}

export async function addUnsubscribeToken(db: Executor, subscriberId: string, tokenHash: string) {
  await db.insert(unsubscribeTokens).values({ subscriberId, tokenHash });
}

/** A SELECT of one newsletter job's `payload` and `key` for each confirmed subscriber of the blog's author (enqueueJobsFrom). */
export const newsletterJobRows = (blogId: string) => sql`
  select jsonb_build_object('blogId', b.id, 'subscriberId', s.id) as payload, 'newsletter:' || b.id || ':' || s.id as key
  from ${blogs} b join ${subscribers} s on s.author_id = b.author_id and s.confirmed_at is not null
  where b.id = ${blogId}`;

export async function findEmailOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

/**
 * A leaving member's subscriptions go, those made signed in and those made with their address as a
 * visitor (users' `leaving` event); their own subscribers go with their row (foreign keys cascade).
 */
export async function endSubscriptionsOf(tx: Executor, { userId, email }: { userId: string; email: string }) {
  await tx
    .delete(subscribers)
    .where(or(eq(subscribers.userId, userId), eq(subscribers.email, email.trim().toLowerCase())));
}
