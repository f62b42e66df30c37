import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_FIELD,
  IMAGE_KEY,
  IMAGE_VARIANT_WIDTHS,
  ImageByUrlBody,
  Limits,
  UploadFailure,
  UploadResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, badRequest, errorBody, errorResponses, notFound } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorAnswer } from '../../plugins/errors.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { registerImageForgetting } from './forget-images.ts';
import { createImageStore } from './image-store.ts';
import { typeOfExtension } from './image-type.ts';
import { importImage, storeImage, variantOpener } from './uploads.service.ts';

/** A copy's file name: `<hash of the original>-<width>w.webp`, or `-share.jpg` for link previews. */
const VARIANT_KEY = new RegExp(`^([0-9a-f]{64})-(?:(?:${IMAGE_VARIANT_WIDTHS.join('|')})w\\.webp|share\\.jpg)$`);

/** The name is the hash of the bytes, so the file at this URL can never change. */
const FOREVER = 'public, max-age=31536000, immutable';

/** Editor.js's image tool reads `success`, so upload failures answer `{success: 0, error, code}` with their 4xx status. */
function uploadErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error);
  if (!answer) request.log.error({ err: error }, 'upload failed');
  const body: UploadFailure = { success: 0, ...errorBody(answer?.refusal ?? 'internal_error') };
  return reply
    .status(answer?.status ?? 500)
    .headers(answer?.headers ?? {})
    .send(body);
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: Limits.uploadMaxBytes, files: 1, fields: 10, parts: 20 } });
  const deps = { db: app.db, store: createImageStore(app.config) };
  registerImageForgetting(app, deps.store);
  const openVariant = variantOpener(deps, (error) => app.log.error({ err: error }, 'image copies could not be made'));
  const writerUpload = {
    preValidation: app.requireActiveUser,
    errorHandler: uploadErrorHandler,
    // An image shows once a blog or profile uses it, and that save names it.
    config: { rateLimits: ['upload' as const], namesItsChanges: true },
  };
  const uploadAnswers = { 200: UploadResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 429], UploadFailure) };

  app.post(
    '/api/upload/image',
    {
      ...writerUpload,
      schema: {
        description: `A multipart/form-data upload of one image in the field \`${IMAGE_FIELD}\` (PNG, JPEG, WebP or GIF, at most ${Limits.uploadMaxBytes / 1024 / 1024} MB).`,
        consumes: ['multipart/form-data'],
        response: uploadAnswers,
      },
    },
    async (request) => {
      const file = await request.file();
      if (!file || file.fieldname !== IMAGE_FIELD) throw badRequest('image_required');
      const bytes = await file.toBuffer();
      return { success: 1 as const, file: await storeImage(deps, signedInUser(request).id, bytes) };
    },
  );

  app.post(
    '/api/upload/image-by-url',
    { ...writerUpload, schema: { body: ImageByUrlBody, response: uploadAnswers } },
    async (request) => ({
      success: 1 as const,
      file: await importImage(deps, signedInUser(request).id, request.body.url, app.config.fetchAllowHosts),
    }),
  );

  app.get(
    '/uploads/:key',
    {
      schema: {
        params: z.object({ key: z.string() }),
        response: {
          200: nonJsonResponse(
            'The stored image (its name is the hash of its bytes: cached for ever)',
            'image/png',
            'image/jpeg',
            'image/gif',
            'image/webp',
          ),
          302: z.null().describe('A copy that cannot be made: the original'),
          ...errorResponses([404]),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const variant = VARIANT_KEY.exec(key);
      if (variant) {
        const found = await openVariant(variant[1]!, key);
        if (!found) throw notFound();
        if ('fallback' in found) return reply.redirect(found.fallback);
        return reply
          .type(typeOfExtension(key.split('.')[1]!)!.mime)
          .header('cache-control', FOREVER)
          .send(found.file);
      }
      const type = IMAGE_KEY.test(key) ? typeOfExtension(key.split('.')[1]!) : undefined;
      const file = type ? await deps.store.open(key) : null;
      if (!type || !file) throw notFound();
      return reply.type(type.mime).header('cache-control', FOREVER).send(file);
    },
  );
};
