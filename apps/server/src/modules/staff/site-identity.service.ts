import { isReadableAccent, type SiteIdentity, type UpdateSiteIdentityBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { readSiteIdentity, writeSiteIdentity } from '../../plugins/site-identity.ts';
import { writeLogLine } from './moderation-log.ts';
import { isStoredImageUrl } from '../uploads/index.ts';

const IMAGES = ['logo', 'icon', 'shareImage'] as const;

/** A value as a line of the moderation log shows it: short, whatever its shape. */
function shown(value: SiteIdentity[keyof SiteIdentity]): string {
  const text = value === null ? 'none' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * Changes the fields given. The accent must read on both themes (contracts' isReadableAccent, which
 * the settings screen applies too), and the images must be uploads of this site: the server draws the
 * icons from the icon's file, and sizes the share image from its record. Each field that changes
 * leaves its line in the moderation log, in the same transaction.
 */
export async function updateSiteIdentity(db: Db, actor: SessionUser, changes: UpdateSiteIdentityBody) {
  if (changes.accentColor && !isReadableAccent(changes.accentColor)) throw badRequest('accent_unreadable');
  for (const field of IMAGES) {
    const url = changes[field];
    if (url && !(await isStoredImageUrl(db, url))) throw badRequest('identity_image_invalid');
  }
  return db.transaction(async (tx) => {
    const before = await readSiteIdentity(tx);
    const after = await writeSiteIdentity(tx, changes);
    for (const field of Object.keys(changes) as (keyof SiteIdentity)[]) {
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
      await writeLogLine(tx, actor, {
        action: 'settings',
        target: { type: 'site', id: field, label: field },
        detail: `${field}: ${shown(before[field])} → ${shown(after[field])}`,
        reason: '',
      });
    }
    return after;
  });
}
