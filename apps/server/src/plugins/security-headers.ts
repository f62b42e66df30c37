import type { FastifyInstance } from 'fastify';
import { EMBED_ORIGINS } from '@inkwell/contracts';
import type { Config } from '../config.ts';

/** A blog page may frame exactly the players the server lets a blog embed. */
const EMBED_FRAME_SOURCES = [...new Set(Object.values(EMBED_ORIGINS).flat())];

const GOOGLE = 'https://accounts.google.com';

/**
 * The policy for every response. Google Identity Services is allowed from Google; when
 * GOOGLE_SCRIPT_URL points elsewhere (the e2e stand-in), that origin is allowed as well. Our images
 * are answered on PUBLIC_URL (plugins/image-urls.ts), which a page reached at another address
 * (a plain-http one behind the proxy, say) must still show.
 */
function contentSecurityPolicy(googleScriptUrl: string, publicUrl: string | undefined) {
  const origin = new URL(googleScriptUrl).origin;
  const extra = origin === GOOGLE ? '' : ` ${origin}`;
  const images = publicUrl ? ` ${new URL(publicUrl).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE}/gsi/client${extra}`,
    // Editor.js and Google's button set inline styles; no inline script is ever allowed.
    `style-src 'self' 'unsafe-inline' ${GOOGLE}/gsi/style`,
    `img-src 'self'${images} data: blob: https:`,
    "font-src 'self' data:",
    `connect-src 'self' ${GOOGLE}/gsi/${extra}`,
    `frame-src ${GOOGLE}/gsi/${extra} ${EMBED_FRAME_SOURCES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Powerful features no page of ours uses, denied to the page and to every frame in it (an embedded
 * player included). What the app does use is left alone: copying a link (clipboard-write) and the
 * device's share sheet (web-share) for our own pages, and the players' fullscreen, picture-in-picture
 * and encrypted-media, which their frames are granted by `allow` (naming them here would take that away).
 * Only names Chromium knows: an unknown one is a console error on every page.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat(['clipboard-write=(self)', 'web-share=(self)'])
  .join(', ');

/** The headers every response carries (registerSecurityHeaders adds them; so do answers made before any hook runs). */
export function securityHeaders(config: Pick<Config, 'google' | 'hstsSeconds' | 'publicUrl'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config.google.scriptUrl, config.publicUrl),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    // Over HTTPS only (PUBLIC_URL https): a browser told this on a plain-http site could not reach it again.
    ...(config.hstsSeconds > 0 && { 'strict-transport-security': `max-age=${config.hstsSeconds}` }),
  };
}

/** Images any page may show, a front end on another origin (CORS_ORIGINS) included, even one isolated with COEP. */
const SHAREABLE_IMAGES = /^\/(uploads|api\/avatar)\//;

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders(app.config);
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    if (SHAREABLE_IMAGES.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.removeHeader('x-powered-by');
  });
}
