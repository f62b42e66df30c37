/**
 * The site's own settings (site_settings) and who may join by them (applications, invitation
 * links): read by the modules they govern, changed by the staff module.
 */
export { admission, admit, apply, inviteHash, type Admission } from './joining.ts';
export {
  insertInvite,
  listApplications,
  listInvites,
  revokeInviteRow,
  takeApplication,
  type ApplicationRow,
  type InviteRow,
} from './joining.repository.ts';
export { readSiteSettings, trustedAfterSql, writeSiteSettings } from './site-settings.repository.ts';
