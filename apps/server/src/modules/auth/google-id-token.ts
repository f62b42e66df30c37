import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

// jose caches the keys and refetches them when Google rotates; one set per JWKS URL.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

const optionalString = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Verifies a Google ID token: signature against the JWKS, issuer, audience (our client id) and
 * expiry. Throws on any failure. Google writes its issuer with or without the scheme.
 */
export async function verifyGoogleIdToken(google: Config['google'], token: string): Promise<GoogleIdentity> {
  if (!google.clientId) throw new Error('GOOGLE_CLIENT_ID is not configured');
  const issuer = google.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : google.issuer;
  const { payload } = await jwtVerify(token, keySet(google.jwksUrl), {
    issuer,
    audience: google.clientId,
    requiredClaims: ['sub', 'exp', 'email'],
  });
  const email = optionalString(payload.email);
  if (!payload.sub || !email) throw new Error('The ID token names no subject or e-mail');
  return {
    sub: payload.sub,
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: optionalString(payload.name),
    picture: optionalString(payload.picture),
  };
}
