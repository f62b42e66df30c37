import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_FIELD, IMAGE_KEY, IMAGE_VARIANT_WIDTHS, ImageByUrlBody, type ImageVariantWidth, Limits, Messages, type UploadResponse } from '@inkwell/contracts';
import { badRequest, notFound, parse } from '../../http-error.ts';
import { errorAnswer, INTERNAL_ERROR } from '../../plugins/errors.ts';
import { enforceRateLimits } from '../rate-limits/rate-limits.service.ts';
import { createImageStore } from './image-store.ts';
import { typeOfExtension } from './image-type.ts';
import { importImage, storeImage, TOO_MANY_UPLOADS, uploadLimit, variantOpener } from './uploads.service.ts';

/** A WebP copy's file name: `<hash of the original>-<width>w.webp`. */
const VARIANT_KEY = new RegExp(`^([0-9a-f]{64})-(${IMAGE_VARIANT_WIDTHS.join('|')})w\\.webp$`);

/** The name is the hash of the bytes, so the file at this URL can never change. */
const FOREVER = 'public, max-age=31536000, immutable';

/** Editor.js's image tool reads `success`, so upload failures answer `{success: 0, error}` with their 4xx status. */
function uploadErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error);
  if (!answer) request.log.error({ err: error }, 'upload failed');
  const body: UploadResponse = { success: 0, error: answer?.message ?? INTERNAL_ERROR };
  return reply
    .status(answer?.status ?? 500)
    .headers(answer?.headers ?? {})
    .send(body);
}

export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: Limits.uploadMaxBytes, files: 1, fields: 10, parts: 20 } });
  const deps = { db: app.db, store: createImageStore(app.config) };
  const openVariant = variantOpener(deps, (error) => app.log.error({ err: error }, 'image copies could not be made'));

  const limitUploads = (request: FastifyRequest) => enforceRateLimits(app, [uploadLimit(request.user!.id)], TOO_MANY_UPLOADS);

  app.post('/api/upload/image', { preHandler: app.requireUser, errorHandler: uploadErrorHandler }, async (request): Promise<UploadResponse> => {
    await limitUploads(request);
    const file = await request.file();
    if (!file || file.fieldname !== IMAGE_FIELD) throw badRequest(Messages.selectImage);
    const bytes = await file.toBuffer();
    return { success: 1, file: await storeImage(deps, request.user!.id, bytes) };
  });

  app.post('/api/upload/image-by-url', { preHandler: app.requireUser, errorHandler: uploadErrorHandler }, async (request): Promise<UploadResponse> => {
    const { url } = parse(ImageByUrlBody, request.body);
    await limitUploads(request);
    return { success: 1, file: await importImage(deps, request.user!.id, url, app.config.fetchAllowHosts) };
  });

  app.get<{ Params: { key: string } }>('/uploads/:key', async (request, reply) => {
    const { key } = request.params;
    const variant = VARIANT_KEY.exec(key);
    if (variant) {
      const found = await openVariant(variant[1]!, Number(variant[2]) as ImageVariantWidth);
      if (!found) throw notFound();
      if ('fallback' in found) return reply.redirect(found.fallback);
      return reply.type('image/webp').header('cache-control', FOREVER).send(found.file);
    }
    const type = IMAGE_KEY.test(key) ? typeOfExtension(key.split('.')[1]!) : undefined;
    const file = type ? await deps.store.open(key) : null;
    if (!type || !file) throw notFound();
    return reply.type(type.mime).header('cache-control', FOREVER).send(file);
  });
}
