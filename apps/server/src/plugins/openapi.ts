import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiresSession } from './auth.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The routes the document leaves out on purpose, and only these: the web app's catch-all page (any
 * path its router knows), the files of its build (@fastify/static marks each with `config.file`) and
 * the routes of the docs page itself. Every other route is in the document (openapi.test.ts checks).
 */
export const isUndocumented = ({ url, config }: Pick<RouteOptions, 'url' | 'config'>) =>
  url === '/*' ||
  url === DOCS_PATH ||
  url.startsWith(`${DOCS_PATH}/`) ||
  (config as { file?: string } | undefined)?.file !== undefined;

/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document generated from the routes' declared schemas
 * (so it cannot drift from what the server checks and answers), and `/api/docs`, a page that shows it
 * (Swagger UI, served from this server). Registered before the routes, whose declarations it collects.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Inkwell API',
        version: '1',
        description:
          'The calls of SPEC §7 and the ones Inkwell adds. Errors answer `{ "error": "<message a user can read>", "code": "<ErrorCode>" }`: ' +
          'programs branch on `code`, stable for ever (packages/contracts/src/error-codes.ts lists them with their messages). ' +
          'Calls marked (A) in the SPEC take `Authorization: Bearer <access_token>` (the session’s token from sign-in).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transformObject: jsonSchemaTransformObject,
    transform: (input) => {
      if (isUndocumented(input.route)) return { schema: { hide: true }, url: input.url };
      const { schema, url } = jsonSchemaTransform(input);
      // A call that needs a session says so, and the page's Authorize button sends the token.
      return { url, schema: requiresSession(input.route) ? { ...schema, security: [{ bearer: [] }] } : schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });

  // Not in the read cache: it is built once and kept by @fastify/swagger.
  app.get(
    OPENAPI_PATH,
    { schema: { response: { 200: z.record(z.string(), z.unknown()).describe('This document') } } },
    async () => app.swagger(),
  );
}
