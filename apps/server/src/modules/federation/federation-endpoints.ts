import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { profilePath } from '@inkwell/contracts';
import { forbidden } from '../../http-error.ts';
import { findUserById } from '../users/index.ts';
import { isOnBlockedDomain } from './domain-blocks.service.ts';
import { NodeInfoLinks } from './nodeinfo-schema.ts';
import { errorResponse, sendWebResponse, toWebRequest } from './fastify-bridge.ts';
import type { InkwellFederation } from './federation.ts';

/*
 * The fediverse's own addresses (WebFinger, NodeInfo's links, the actors, inboxes and collections
 * under /ap/), answered by Fedify. Loaded only when federation is on (federation.routes.ts): what
 * they import reaches Fedify's vocabulary, 16 MiB of the server's heap.
 */

/** The key an inbox POST says its HTTP signature was made with (either draft's header): the server that sent it. */
function signatureKeyId(request: FastifyRequest): string | undefined {
  for (const name of ['signature', 'signature-input']) {
    const header = request.headers[name];
    const keyId = typeof header === 'string' ? /keyid="([^"]+)"/i.exec(header)?.[1] : undefined;
    if (keyId) return keyId;
  }
  return undefined;
}

/** Bodies here reach Fedify as the raw bytes that came, for it to check their digest and signature. */
export async function federationRoutes(app: FastifyInstance, { federation }: InkwellFederation, origin: string) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // A person who opens an actor's address (a link in a fediverse app) is sent to the profile page.
  const profilePage = async (url: string) => {
    const identifier = /^\/ap\/users\/([0-9a-f-]{36})$/i.exec(url)?.[1];
    const user = identifier ? await findUserById(app.db, identifier) : undefined;
    return user ? new Response(null, { status: 302, headers: { location: profilePath(user.username) } }) : null;
  };
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // A server on a blocked domain is refused before anything it sent is read or its key fetched.
    const keyId = request.method === 'POST' ? signatureKeyId(request) : undefined;
    if (keyId && (await isOnBlockedDomain(app.db, keyId))) throw forbidden('domain_blocked');
    const response = await federation.fetch(toWebRequest(request, origin), {
      contextData: undefined,
      onNotFound: () => errorResponse(404, 'not_found'),
      onNotAcceptable: async () => (await profilePage(request.url)) ?? errorResponse(406, 'activitypub_only'),
    });
    return sendWebResponse(reply, response);
  };
  // What arrives here changes nothing a cached page shows.
  const config = { keepsReadCache: true };
  app.get('/.well-known/webfinger', { config }, handle);
  app.get('/.well-known/nodeinfo', { config, schema: { response: { 200: NodeInfoLinks } } }, handle);
  app.route({ method: ['GET', 'POST'], url: '/ap/*', config, handler: handle });
}
