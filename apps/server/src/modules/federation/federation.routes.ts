import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerDeliveryJobs } from './delivery-jobs.ts';
import { sendWebResponse, toWebRequest } from './fastify-bridge.ts';
import { createInkwellFederation, type InkwellFederation } from './federation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fediverse side of the site; null when PUBLIC_URL is unset and federation is off. */
    federation: InkwellFederation | null;
  }
}

const json = (status: number, error: string) => new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/**
 * The fediverse's routes, only when PUBLIC_URL names the site: an actor's address must never
 * change, so without a stable public name there is no federation at all (these paths do not exist).
 * Its delivery jobs are handled either way, so jobs left from when it was on are let go.
 */
export async function registerFederation(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  const inkwell = publicUrl ? createInkwellFederation(app.db, app.config, publicUrl, app.log) : null;
  app.decorate('federation', inkwell);
  registerDeliveryJobs(app, inkwell);
  if (publicUrl && inkwell) await app.register((scope) => federationRoutes(scope, inkwell, new URL(publicUrl).origin));
}

/** Bodies here reach Fedify as the raw bytes that came, for it to check their digest and signature. */
async function federationRoutes(app: FastifyInstance, { federation }: InkwellFederation, origin: string) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await federation.fetch(toWebRequest(request, origin), {
      contextData: undefined,
      onNotFound: () => json(404, 'Not found'),
      onNotAcceptable: () => json(406, 'This address serves ActivityPub documents only'),
    });
    return sendWebResponse(reply, response);
  };
  // What arrives here changes nothing a cached page shows.
  const config = { keepsReadCache: true };
  for (const url of ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1']) app.get(url, { config }, handle);
  app.route({ method: ['GET', 'POST'], url: '/ap/*', config, handler: handle });
}
