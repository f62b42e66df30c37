import type { FastifyInstance } from 'fastify';
import { DEFAULT_SITE_IDENTITY, type SiteIdentity } from '@inkwell/contracts';
import type { Executor } from '../db/client.ts';
import { siteIdentity } from '../db/schema/index.ts';
import { Tags } from './cache-tags.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's identity now (its name, look, topics): what every page, feed, mail and card says the site is. */
    siteIdentity(): Promise<SiteIdentity>;
  }
}

const columns = {
  name: siteIdentity.name,
  description: siteIdentity.description,
  logo: siteIdentity.logo,
  icon: siteIdentity.icon,
  accentColor: siteIdentity.accentColor,
  topics: siteIdentity.topics,
  navigation: siteIdentity.navigation,
  footer: siteIdentity.footer,
  shareImage: siteIdentity.shareImage,
  language: siteIdentity.language,
};

/** The row the admins wrote, or the defaults of a site whose identity nobody has changed. */
export async function readSiteIdentity(db: Executor): Promise<SiteIdentity> {
  const [row] = await db.select(columns).from(siteIdentity);
  return row ?? DEFAULT_SITE_IDENTITY;
}

/** Changes the fields given, keeps the others; answers the identity as it is now. */
export async function writeSiteIdentity(db: Executor, changes: Partial<SiteIdentity>): Promise<SiteIdentity> {
  const [row] = await db
    .insert(siteIdentity)
    .values({ ...DEFAULT_SITE_IDENTITY, ...changes })
    .onConflictDoUpdate({ target: siteIdentity.id, set: { ...changes, updatedAt: new Date() } })
    .returning(columns);
  return row!;
}

/**
 * `app.siteIdentity()`, read again only after the read cache's `site` tag went: a change of identity
 * is a write naming it (or nothing, which is everything), applied here and on every instance before
 * it answers (read-cache-log.ts), so no page is rendered, cached or mailed with the old name once the admin has seen the new one
 * saved, and between writes no request pays for the query. A failed read is not kept.
 */
export function registerSiteIdentity(app: FastifyInstance) {
  let read: { asOf: number; identity: Promise<SiteIdentity> } | null = null;
  app.decorate('siteIdentity', () => {
    const asOf = app.readCache.invalidatedAt(Tags.site);
    if (read?.asOf !== asOf) {
      // From the primary: kept until the next change and shared by every request, it must not be
      // read from the replica one request was sent to before it heard of the change.
      const identity = readSiteIdentity(app.database.db);
      const current = { asOf, identity };
      read = current;
      identity.catch(() => {
        if (read === current) read = null;
      });
    }
    return read.identity;
  });
}
