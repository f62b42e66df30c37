/**
 * The e-mail domains nobody may join with (blocked_email_domains): the one check every way of
 * joining and a visitor's subscription ask, and the rows the staff module's admins change.
 */
export {
  deleteBlockedEmailDomain,
  insertBlockedEmailDomain,
  listBlockedEmailDomains,
  type BlockedEmailDomainRow,
} from './blocked-email-domains.repository.ts';
export { refuseBlockedEmail } from './refuse-blocked-email.ts';
