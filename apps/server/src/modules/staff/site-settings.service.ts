import type { SiteSettings, UpdateSiteSettingsBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { readSiteSettings, writeSiteSettings } from '../site/index.ts';
import { writeLogLine } from './moderation-log.ts';

/**
 * Changes the settings given; each one that changes leaves its line in the moderation log. E-mail
 * verification is refused where the server sends no mail (`canMail`): nobody could ever confirm.
 */
export async function updateSiteSettings(
  db: Db,
  actor: SessionUser,
  canMail: boolean,
  { reason, ...changes }: UpdateSiteSettingsBody,
) {
  if (changes.emailVerification && !canMail) throw badRequest('mail_not_configured');
  return db.transaction(async (tx) => {
    const before = await readSiteSettings(tx);
    const settings = await writeSiteSettings(tx, changes);
    for (const name of Object.keys(changes) as (keyof SiteSettings)[]) {
      if (before[name] === settings[name]) continue;
      await writeLogLine(tx, actor, {
        action: 'settings',
        target: { type: 'site', id: name, label: name },
        detail: `${name}: ${before[name]} → ${settings[name]}`,
        reason,
      });
    }
    return { settings, canMail };
  });
}
