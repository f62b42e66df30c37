/** The site's own settings (site_settings): read by the modules they govern, changed by the staff module. */
export { assertRegistrationOpen } from './registration.ts';
export { readSiteSettings, writeSiteSettings } from './site-settings.repository.ts';
