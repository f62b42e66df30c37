import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface IdTokenOptions {
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  issuer?: string;
  audience?: string;
  /** Signs with a key the JWKS does not publish (under the published key id). */
  untrustedKey?: boolean;
}

export interface FirebaseTokenOptions extends IdTokenOptions {
  /** The Google account's own `sub` (a fresh one unless given). */
  googleSub?: string;
  /**
   * `firebase.sign_in_provider`, google.com unless given. The account stays linked to its Google
   * account whatever the provider (Firebase lists every linked identity), as after a password sign-in.
   */
  provider?: string;
}

export interface GoogleIdp {
  /** Where the IdP listens, e.g. http://127.0.0.1:41234; also the issuer of its tokens. */
  url: string;
  jwksUrl: string;
  clientId: string;
  /** The environment that points the server at this IdP. */
  env: Record<string, string>;
  /** A signed ID token for a Google account (a fresh `sub` and e-mail unless given). */
  sign(claims?: JWTPayload, options?: IdTokenOptions): Promise<string>;
  firebaseProjectId: string;
  /** With `env`, points the server at this IdP's Firebase side as well (FIREBASE_PROJECT_ID and its JWKS). */
  firebaseEnv: Record<string, string>;
  /** A Firebase ID token after a Google popup, as Firebase Auth issues it: its own user id as `sub`, the Google `sub` under `firebase.identities`. */
  signFirebase(claims?: JWTPayload, options?: FirebaseTokenOptions): Promise<string>;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse, idp: GoogleIdp) => boolean | Promise<boolean>;

const KID = 'local-idp-key';
const FIREBASE_KID = 'local-securetoken-key';

const publicJwks = async (key: CryptoKey, kid: string) =>
  JSON.stringify({ keys: [{ ...(await exportJWK(key)), kid, alg: 'RS256', use: 'sig' }] });

/**
 * A stand-in for Google's identity provider over real HTTP on 127.0.0.1: its own RSA key pairs,
 * the JWKS the server fetches (Google's for GIS at /jwks, Firebase's securetoken one at
 * /firebase/jwks, each with its own key, as Google keeps them apart), and ID tokens signed the way
 * each signs them. `handle` may answer further paths (the e2e stack adds the browser script there).
 */
export async function startGoogleIdp({
  port = 0,
  clientId = 'inkwell-test-client',
  handle,
}: { port?: number; clientId?: string; handle?: Handler } = {}): Promise<GoogleIdp> {
  const trusted = await generateKeyPair('RS256');
  const securetoken = await generateKeyPair('RS256');
  const untrusted = await generateKeyPair('RS256');
  const jwks: Record<string, string> = {
    '/jwks': await publicJwks(trusted.publicKey, KID),
    '/firebase/jwks': await publicJwks(securetoken.publicKey, FIREBASE_KID),
  };

  // Filled in once the server listens; the handler only runs after that.
  const self = {} as { idp: GoogleIdp };
  const server = createServer((request, response) => {
    void (async () => {
      const keys = jwks[request.url ?? ''];
      if (keys) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(keys);
      } else if (!(handle && (await handle(request, response, self.idp)))) {
        response.writeHead(404).end();
      }
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signWith = async (
    kid: string,
    key: CryptoKey,
    subject: string,
    claims: JWTPayload,
    options: IdTokenOptions & { issuer: string; audience: string },
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(options.untrustedKey ? untrusted.privateKey : key);
  };
  const account = (id: string) => ({
    email: `google.${id.slice(0, 8)}@gmail.com`,
    email_verified: true,
    name: 'Grace Hopper',
    picture: 'https://lh3.googleusercontent.com/a/local-idp-picture',
  });

  const sign = async (claims: JWTPayload = {}, options: IdTokenOptions = {}) => {
    const id = randomUUID();
    const subject = typeof claims.sub === 'string' ? claims.sub : id;
    return signWith(
      KID,
      trusted.privateKey,
      subject,
      { ...account(id), ...claims },
      { ...options, issuer: options.issuer ?? url, audience: options.audience ?? clientId },
    );
  };

  const firebaseProjectId = 'inkwell-test-project';
  const signFirebase = async (
    claims: JWTPayload = {},
    { googleSub = randomUUID(), provider = 'google.com', ...options }: FirebaseTokenOptions = {},
  ) => {
    const uid = randomUUID().replaceAll('-', '').slice(0, 28);
    const payload = { ...account(googleSub), ...claims };
    const identities = { 'google.com': [googleSub], email: [payload.email] };
    return signWith(
      FIREBASE_KID,
      securetoken.privateKey,
      uid,
      {
        ...payload,
        user_id: uid,
        auth_time: Math.floor(Date.now() / 1000),
        firebase: { identities, sign_in_provider: provider },
      },
      {
        ...options,
        issuer: options.issuer ?? `https://securetoken.google.com/${firebaseProjectId}`,
        audience: options.audience ?? firebaseProjectId,
      },
    );
  };

  self.idp = {
    url,
    jwksUrl: `${url}/jwks`,
    clientId,
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `${url}/jwks`, GOOGLE_ISSUER: url },
    sign,
    firebaseProjectId,
    firebaseEnv: { FIREBASE_PROJECT_ID: firebaseProjectId, FIREBASE_JWKS_URL: `${url}/firebase/jwks` },
    signFirebase,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return self.idp;
}
