import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { turnImageUrlsWith } from '@inkwell/contracts';
import { isSitePath, pathOnSite, requestOrigin, siteOrigin } from '../site-origin.ts';

/** The origins of the request at hand: the one its answers name, and every one its bodies may name as ours. */
interface Origins {
  answered: string;
  ours: string[];
}

const current = new AsyncLocalStorage<Origins>();

const originsOf = (app: FastifyInstance, request: FastifyRequest): Origins => {
  const answered = siteOrigin(app, request);
  return { answered, ours: [answered, requestOrigin(request)] };
};

/**
 * The contracts' `ImageUrl` fields, turned around by the request's origins: a front end on another
 * origin gets absolute URLs it can show (on PUBLIC_URL, else the address it asked), and what it
 * sends back is stored as our path again, so no row is pinned to today's PUBLIC_URL or Host. A
 * body is parsed right after the preValidation hooks and an answer serialised right after the
 * preSerialization hooks, so both run inside the origins these hooks set.
 */
export function registerImageUrls(app: FastifyInstance) {
  turnImageUrlsWith({
    answered: (url) => {
      const origins = current.getStore();
      return origins && isSitePath(url) ? `${origins.answered}${url}` : url;
    },
    stored: (url) => {
      const origins = current.getStore();
      return (origins && pathOnSite(url, origins.ours)) ?? url;
    },
  });
  app.addHook('preValidation', (request, _reply, done) => current.run(originsOf(app, request), () => done()));
  app.addHook('preSerialization', (request, _reply, payload, done) =>
    current.run(originsOf(app, request), () => done(null, payload)),
  );
}

/** An answer as its route serialises it (image URLs absolute), for an answer given in-process: a server-rendered page's data. */
export const encodeAnswer = (app: FastifyInstance, request: FastifyRequest, schema: z.ZodType, answer: unknown) =>
  current.run(originsOf(app, request), () => z.encode(schema, answer));
