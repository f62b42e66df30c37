import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validate } from '../http-error.ts';

/**
 * Routes declare their body, query, params and answers with the contracts' zod schemas (Fastify's
 * zod type provider). A request part is checked before the handler with `parse`'s rule, so a refusal
 * is the same 400 `{ error, code }` a handler's own check gave; an answer is serialised from its schema, so a
 * field the contract does not name never leaves the server.
 */
export function registerRouteSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(
    ({ schema }) =>
      (data) =>
        validate(schema as z.ZodType, data),
  );
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * A route's answer that is not serialised from a schema (a page, a feed, an image, a stream), described for the
 * OpenAPI document: a JSON type (JSON Feed's `application/feed+json`) as a JSON object, any other as text.
 */
export const nonJsonResponse = (description: string, ...mediaTypes: string[]) => ({
  description,
  // Sent as a string, a Buffer or a stream, never serialised: any body, documented by its media type.
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: z.any().meta({ type: /[/+]json$/.test(type) ? 'object' : 'string' }) }]),
  ),
});
