import {
  normaliseEmailDomain,
  type BlockedDomainsBody,
  type BlockedEmailDomainsResponse,
  type DomainBlockBody,
  type DomainBlockResponse,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { deleteBlockedEmailDomain, insertBlockedEmailDomain, listBlockedEmailDomains } from '../email-domains/index.ts';
import { writeLogLine, type LogLine } from './moderation-log.ts';

/*
 * The admins' blocked e-mail domains: nobody joins, applies or subscribes with an address on one
 * (email-domains' refuseBlockedEmail); members already in keep their accounts.
 */

export async function blockedEmailDomainsPage(
  db: Db,
  { page }: BlockedDomainsBody,
): Promise<BlockedEmailDomainsResponse> {
  const { rows, total } = await listBlockedEmailDomains(db, page);
  return {
    domains: rows.map((row) => ({
      domain: row.domain,
      reason: row.reason,
      createdBy: row.createdByUsername,
      createdAt: row.createdAt.toISOString(),
    })),
    totalDocs: total,
  };
}

/** The domain a body names (a domain, or an e-mail address on it), normalised as the fediverse's blocks are. */
function domainNamed(input: string): string {
  const domain = normaliseEmailDomain(input);
  if (!domain) throw badRequest('domain_invalid');
  return domain;
}

const line = (domain: string, blocked: boolean, reason: string): LogLine => ({
  action: blocked ? 'email_domain_block' : 'email_domain_unblock',
  target: { type: 'domain', id: domain, label: domain },
  detail: blocked ? 'allowed → blocked' : 'blocked → allowed',
  reason,
});

export async function blockEmailDomain(
  db: Db,
  admin: SessionUser,
  body: DomainBlockBody,
): Promise<DomainBlockResponse> {
  const domain = domainNamed(body.domain);
  return db.transaction(async (tx) => {
    if (!(await insertBlockedEmailDomain(tx, { domain, reason: body.reason, createdByUsername: admin.username })))
      throw conflict('domain_already_blocked');
    await writeLogLine(tx, admin, line(domain, true, body.reason));
    return { domain };
  });
}

export async function unblockEmailDomain(
  db: Db,
  admin: SessionUser,
  body: DomainBlockBody,
): Promise<DomainBlockResponse> {
  const domain = domainNamed(body.domain);
  return db.transaction(async (tx) => {
    if (!(await deleteBlockedEmailDomain(tx, domain))) throw notFound('domain_not_blocked');
    await writeLogLine(tx, admin, line(domain, false, body.reason));
    return { domain };
  });
}
