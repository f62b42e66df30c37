import { count, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blockedDomains, remoteFollowers } from '../../db/schema/index.ts';

/** The host of a stored address (an actor's id, an inbox), lower case, as `URL.hostname` reads it. */
const hostOf = (address: SQLWrapper) =>
  sql`lower(substring(${address} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]]*\\]|[^:/?#]*)'))`;

/** contracts' `domainCovers` in SQL: the domain itself, or a host under it. */
const covers = (domain: SQLWrapper, host: SQLWrapper) =>
  sql`(${host} = ${domain} or right(${host}, length(${domain}) + 1) = '.' || ${domain})`;

/** Whether a block covers `host`. Every blocked domain is read: a site blocks some hundreds at most. */
export async function isBlockedHost(db: Executor, host: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(blockedDomains)
    .where(covers(blockedDomains.domain, sql`${host}::text`));
  return (row?.n ?? 0) > 0;
}

/** Adds a block; false when the domain was blocked already. */
export async function insertBlockedDomain(db: Executor, domain: string, reason: string): Promise<boolean> {
  const rows = await db
    .insert(blockedDomains)
    .values({ domain, reason })
    .onConflictDoNothing()
    .returning({ domain: blockedDomains.domain });
  return rows.length > 0;
}

/** Lifts a block; false when the domain was not blocked. */
export async function deleteBlockedDomain(db: Executor, domain: string): Promise<boolean> {
  const rows = await db
    .delete(blockedDomains)
    .where(eq(blockedDomains.domain, domain))
    .returning({ domain: blockedDomains.domain });
  return rows.length > 0;
}

export async function listBlockedDomains(db: Executor, offset: number, limit: number) {
  return db
    .select()
    .from(blockedDomains)
    .orderBy(desc(blockedDomains.createdAt), blockedDomains.domain)
    .offset(offset)
    .limit(limit);
}

export async function countBlockedDomains(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blockedDomains);
  return row?.n ?? 0;
}

/** Removes the remote followers on `domain` (their actor, inbox or shared inbox); answers how many. */
export async function deleteFollowersOn(db: Executor, domain: string): Promise<number> {
  const on = (address: SQLWrapper): SQL => covers(sql`${domain}::text`, hostOf(address));
  const rows = await db
    .delete(remoteFollowers)
    .where(or(on(remoteFollowers.actorId), on(remoteFollowers.inbox), on(remoteFollowers.sharedInbox)))
    .returning({ actorId: remoteFollowers.actorId });
  return rows.length;
}
