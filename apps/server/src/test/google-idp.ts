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

export interface GoogleIdp {
  /** Where the IdP listens, e.g. http://127.0.0.1:41234; also the issuer of its tokens. */
  url: string;
  jwksUrl: string;
  clientId: string;
  /** The environment that points the server at this IdP. */
  env: Record<string, string>;
  /** A signed ID token for a Google account (a fresh `sub` and e-mail unless given). */
  sign(claims?: JWTPayload, options?: IdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse, idp: GoogleIdp) => boolean | Promise<boolean>;

const KID = 'local-idp-key';

/**
 * A stand-in for Google's identity provider over real HTTP on 127.0.0.1: its own RSA key pair,
 * a JWKS the server fetches, and ID tokens signed the way Google signs them. `handle` may
 * answer further paths (the e2e stack adds the browser script there).
 */
export async function startGoogleIdp({ port = 0, clientId = 'inkwell-test-client', handle }: { port?: number; clientId?: string; handle?: Handler } = {}): Promise<GoogleIdp> {
  const trusted = await generateKeyPair('RS256');
  const untrusted = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(trusted.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };

  // Filled in once the server listens; the handler only runs after that.
  const self = {} as { idp: GoogleIdp };
  const server = createServer((request, response) => {
    void (async () => {
      if (request.url === '/jwks') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
      } else if (!(handle && (await handle(request, response, self.idp)))) {
        response.writeHead(404).end();
      }
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = async (claims: JWTPayload = {}, options: IdTokenOptions = {}) => {
    const id = randomUUID();
    const key: CryptoKey = options.untrustedKey ? untrusted.privateKey : trusted.privateKey;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: `google.${id.slice(0, 8)}@gmail.com`,
      email_verified: true,
      name: 'Grace Hopper',
      picture: 'https://lh3.googleusercontent.com/a/local-idp-picture',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setSubject(typeof claims.sub === 'string' ? claims.sub : id)
      .setIssuer(options.issuer ?? url)
      .setAudience(options.audience ?? clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(key);
  };

  self.idp = {
    url,
    jwksUrl: `${url}/jwks`,
    clientId,
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `${url}/jwks`, GOOGLE_ISSUER: url },
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return self.idp;
}
