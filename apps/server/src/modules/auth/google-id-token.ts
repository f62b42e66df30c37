import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { GoogleConfig } from '../../config.ts';

export interface GoogleIdentity {
  /** The Google account's own `sub`, whichever way the token was issued. */
  sub: string;
  /** When Google issued the token (`iat`): how fresh the sign-in is. */
  issuedAt: Date | undefined;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const FIREBASE_ISSUER = 'https://securetoken.google.com/';

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

/** Who signs one kind of token, for whom, and where in it the Google account's `sub` is. */
interface TokenIssuer {
  jwksUrl: string;
  issuer: string | string[];
  audience: string;
  googleSub(payload: JWTPayload): string | undefined;
}

/** Google Identity Services (our own button): the token's subject is the Google account. Google writes its issuer with or without the scheme. */
function gisIssuer(google: GoogleConfig): TokenIssuer {
  if (!google.clientId) throw new Error('GOOGLE_CLIENT_ID is not configured');
  return {
    jwksUrl: google.jwksUrl,
    issuer: google.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : google.issuer,
    audience: google.clientId,
    googleSub: (payload) => payload.sub,
  };
}

/**
 * Firebase Auth (a client's Google popup through Firebase): the subject is the Firebase user, so the
 * Google account's own `sub` comes from `firebase.identities` and one Google account stays one
 * Inkwell account whichever way it signs in. Only a Google sign-in vouches for a Google account.
 */
function firebaseIssuer({ projectId, jwksUrl }: NonNullable<GoogleConfig['firebase']>): TokenIssuer {
  return {
    jwksUrl,
    issuer: FIREBASE_ISSUER + projectId,
    audience: projectId,
    googleSub: (payload) => {
      const firebase = payload.firebase as
        { sign_in_provider?: unknown; identities?: Record<string, unknown> } | undefined;
      if (firebase?.sign_in_provider !== 'google.com')
        throw new Error('The Firebase ID token is not from a Google sign-in');
      const subs = firebase.identities?.['google.com'];
      return Array.isArray(subs) ? optionalString(subs[0]) : undefined;
    },
  };
}

/** The issuer a token claims only picks the keys and rules to check it by; jwtVerify then holds it to that issuer. */
function issuerFor(google: GoogleConfig, token: string): TokenIssuer {
  const claimed = decodeJwt(token).iss;
  if (google.firebase && claimed?.startsWith(FIREBASE_ISSUER)) return firebaseIssuer(google.firebase);
  return gisIssuer(google);
}

/**
 * Verifies a Google ID token, from Google Identity Services or (with FIREBASE_PROJECT_ID) from
 * Firebase Auth: signature against the issuer's JWKS, issuer, audience and expiry. Throws on any failure.
 */
export async function verifyGoogleIdToken(google: GoogleConfig, token: string): Promise<GoogleIdentity> {
  const { jwksUrl, issuer, audience, googleSub } = issuerFor(google, token);
  const { payload } = await jwtVerify(token, keySet(jwksUrl), {
    issuer,
    audience,
    requiredClaims: ['sub', 'exp', 'email'],
  });
  const sub = googleSub(payload);
  const email = optionalString(payload.email);
  if (!sub || !email) throw new Error('The ID token names no Google account or e-mail');
  return {
    sub,
    issuedAt: payload.iat === undefined ? undefined : new Date(payload.iat * 1000),
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: optionalString(payload.name),
    picture: optionalString(payload.picture),
  };
}
