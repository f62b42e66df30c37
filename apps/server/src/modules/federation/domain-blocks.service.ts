import {
  domainCovers,
  Limits,
  normaliseDomain,
  type BlockedDomainsBody,
  type BlockedDomainsResponse,
  type DomainBlockBody,
  type DomainBlockResponse,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import {
  countBlockedDomains,
  deleteBlockedDomain,
  deleteFollowersOn,
  insertBlockedDomain,
  isBlockedHost,
  listBlockedDomains,
} from './domain-blocks.repository.ts';
import { writeLogLine, type LogLine } from '../staff/index.ts';

/**
 * Whether an address (an actor's, a key's, an inbox's) is on a blocked domain or under one: the one
 * rule every check of the fediverse asks, in the inbox, the fetcher and the deliveries.
 */
export async function isOnBlockedDomain(db: Executor, address: string): Promise<boolean> {
  const host = URL.parse(address)?.hostname;
  return host !== undefined && isBlockedHost(db, host);
}

/** The admin who acts, as the moderation log names them. */
interface Admin {
  id: string;
  username: string;
}

export async function blockedDomainsPage(db: Db, { page }: BlockedDomainsBody): Promise<BlockedDomainsResponse> {
  const [rows, totalDocs] = await Promise.all([
    listBlockedDomains(db, (page - 1) * Limits.staffPageSize, Limits.staffPageSize),
    countBlockedDomains(db),
  ]);
  return {
    domains: rows.map((row) => ({ domain: row.domain, reason: row.reason, createdAt: row.createdAt.toISOString() })),
    totalDocs,
  };
}

/** The domain a body names, normalised. */
function domainNamed(input: string): string {
  const domain = normaliseDomain(input);
  if (!domain) throw badRequest('domain_invalid');
  return domain;
}

/** The moderation log's line of a block or an unblock. */
const line = (domain: string, action: 'domain_block' | 'domain_unblock', detail: string, reason: string): LogLine => ({
  action,
  target: { type: 'domain', id: domain, label: domain },
  detail,
  reason,
});

/**
 * Blocks a domain and its subdomains: from the commit on, the inbox takes nothing from it, nothing
 * is fetched from it or delivered to it (deliveries already queued included), and its followers are
 * dropped in the same transaction, so the followers collection counts only those left.
 */
export async function blockDomain(
  db: Db,
  admin: Admin,
  ownHost: string,
  body: DomainBlockBody,
): Promise<DomainBlockResponse> {
  const domain = domainNamed(body.domain);
  // Our own host, or a domain it is under, would be the site blocking itself.
  if (domainCovers(domain, ownHost)) throw badRequest('own_domain');
  return db.transaction(async (tx) => {
    if (!(await insertBlockedDomain(tx, domain, body.reason))) throw conflict('domain_already_blocked');
    const dropped = await deleteFollowersOn(tx, domain);
    const detail = `allowed → blocked${dropped ? `; ${dropped} follower${dropped === 1 ? '' : 's'} dropped` : ''}`;
    await writeLogLine(tx, admin, line(domain, 'domain_block', detail, body.reason));
    return { domain };
  });
}

/** Lifts a block: its servers may follow again (those dropped are not brought back). */
export async function unblockDomain(db: Db, admin: Admin, body: DomainBlockBody): Promise<DomainBlockResponse> {
  const domain = domainNamed(body.domain);
  return db.transaction(async (tx) => {
    if (!(await deleteBlockedDomain(tx, domain))) throw notFound('domain_not_blocked');
    await writeLogLine(tx, admin, line(domain, 'domain_unblock', 'blocked → allowed', body.reason));
    return { domain };
  });
}
