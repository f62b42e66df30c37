import type { FastifyInstance } from 'fastify';
import { EMBED_ORIGINS } from '@inkwell/contracts';

/** A blog page may frame exactly the players the server lets a blog embed. */
const EMBED_FRAME_SOURCES = [...new Set(Object.values(EMBED_ORIGINS).flat())];

const GOOGLE = 'https://accounts.google.com';

/**
 * The policy for every response. Google Identity Services is allowed from Google; when
 * GOOGLE_SCRIPT_URL points elsewhere (the e2e stand-in), that origin is allowed as well.
 */
function contentSecurityPolicy(googleScriptUrl: string) {
  const origin = new URL(googleScriptUrl).origin;
  const extra = origin === GOOGLE ? '' : ` ${origin}`;
  return [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE}/gsi/client${extra}`,
    // Editor.js and Google's button set inline styles; no inline script is ever allowed.
    `style-src 'self' 'unsafe-inline' ${GOOGLE}/gsi/style`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${GOOGLE}/gsi/${extra}`,
    `frame-src ${GOOGLE}/gsi/${extra} ${EMBED_FRAME_SOURCES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response carries (registerSecurityHeaders adds them; so do answers made before any hook runs). */
export function securityHeaders(googleScriptUrl: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(googleScriptUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
}

/** Images any page may show, a front end on another origin (CORS_ORIGINS) included, even one isolated with COEP. */
const SHAREABLE_IMAGES = /^\/(uploads|api\/avatar)\//;

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders(app.config.google.scriptUrl);
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    if (SHAREABLE_IMAGES.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.removeHeader('x-powered-by');
  });
}
