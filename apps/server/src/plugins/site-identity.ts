import type { FastifyInstance } from 'fastify';
import { DEFAULT_SITE_IDENTITY, type SiteIdentity } from '@inkwell/contracts';
import type { Executor } from '../db/client.ts';
import { siteIdentity } from '../db/schema/index.ts';

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
 * `app.siteIdentity()`, read once per generation of the read cache: a change of identity is a write,
 * which moves the generation on here and on every instance before it answers (read-cache-generation.ts),
 * so no page is rendered, cached or mailed with the old name once the admin has seen the new one
 * saved, and between writes no request pays for the query. A failed read is not kept.
 */
export function registerSiteIdentity(app: FastifyInstance) {
  let read: { generation: number; identity: Promise<SiteIdentity> } | null = null;
  app.decorate('siteIdentity', () => {
    const generation = app.readCache.generation();
    if (read?.generation !== generation) {
      // From the primary: kept for the whole generation and shared by every request, it must not be
      // read from the replica one request was sent to before it heard of the generation's write.
      const identity = readSiteIdentity(app.database.db);
      const current = { generation, identity };
      read = current;
      identity.catch(() => {
        if (read === current) read = null;
      });
    }
    return read.identity;
  });
}
