import { sql } from 'drizzle-orm';
import { TRUSTED_AFTER, type SiteSettings } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

/** A new site's settings: what every client written to the original API expects (anyone may join). */
const DEFAULTS: SiteSettings = {
  registration: 'open',
  youngAccountLimits: false,
  emailVerification: false,
  proofOfWork: false,
  reviewNewMembers: false,
  trustedAfter: TRUSTED_AFTER.default,
  spamWave: false,
};

const columns = {
  registration: siteSettings.registration,
  youngAccountLimits: siteSettings.youngAccountLimits,
  emailVerification: siteSettings.emailVerification,
  proofOfWork: siteSettings.proofOfWork,
  reviewNewMembers: siteSettings.reviewNewMembers,
  trustedAfter: siteSettings.trustedAfter,
  spamWave: siteSettings.spamWave,
};

export async function readSiteSettings(db: Executor): Promise<SiteSettings> {
  const [row] = await db.select(columns).from(siteSettings);
  return row ?? DEFAULTS;
}

/** Changes the settings given, keeps the others; answers them as they are now. */
export async function writeSiteSettings(db: Executor, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const [row] = await db
    .insert(siteSettings)
    .values({ ...DEFAULTS, ...changes })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...changes, updatedAt: sql`now()` } })
    .returning(columns);
  return row!;
}

/** The setting trustedAfter inside a query (policies.ts isTrusted needs it beside the member's row): no second round trip. */
export const trustedAfterSql = sql<number>`coalesce((select ${siteSettings.trustedAfter} from ${siteSettings}), ${TRUSTED_AFTER.default})`;
