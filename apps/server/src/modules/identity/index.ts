import fp from 'fastify-plugin';
import { identityRoutes } from './identity.routes.ts';

/**
 * The site's identity, as its admins set it (the staff module changes it): its routes (`GET /api/site`, the
 * icons, the web manifest, the drawn share card), the `<head>` links of icons and manifest, and the
 * pictures that stand for the site in previews. `app.siteIdentity()` (plugins/site-identity.ts) reads it.
 */
export const identityModule = fp(identityRoutes, { name: 'identity' });
export { iconLinks } from './site-icons.ts';
export { SHARE_CARD_PATH, siteImages } from './site-images.ts';
