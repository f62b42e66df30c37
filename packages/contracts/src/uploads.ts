import { z } from 'zod';
import { ImageUrl } from './image-url.ts';
import { ErrorCode } from './error-codes.ts';

/**
 * Answer of `POST /api/upload/image` (multipart, field `image`) and
 * `POST /api/upload/image-by-url` ({url}): the shape Editor.js's image tool reads.
 */
export const UploadFailure = z.object({ success: z.literal(0), error: z.string(), code: ErrorCode });
export type UploadFailure = z.infer<typeof UploadFailure>;
export const UploadResponse = z.union([
  // Width and height (px) ride along in an image block's data, so readers get its shape before its bytes.
  z.object({ success: z.literal(1), file: z.object({ url: ImageUrl, width: z.number(), height: z.number() }) }),
  UploadFailure,
]);
export type UploadResponse = z.infer<typeof UploadResponse>;

export const ImageByUrlBody = z.object({ url: z.string().max(2048) });

export const IMAGE_FIELD = 'image';
/** Banner and profile pictures (docs/product/rules.md). */
export const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;

export const LinkPreviewQuery = z.object({ url: z.string().min(1).max(2048) });

/**
 * Answer of `GET /api/link-preview?url=` (A) for Editor.js's link tool, which reads `success` only;
 * a refused request (no session, no url, too many) also says why in `error` and `code`.
 */
export const LinkPreviewFailure = z.object({
  success: z.literal(0),
  error: z.string().optional(),
  code: ErrorCode.optional(),
});
export type LinkPreviewFailure = z.infer<typeof LinkPreviewFailure>;
export const LinkPreviewResponse = z.union([
  z.object({
    success: z.literal(1),
    link: z.string(),
    meta: z.object({ title: z.string(), description: z.string(), image: z.object({ url: z.string() }) }),
  }),
  LinkPreviewFailure,
]);
export type LinkPreviewResponse = z.infer<typeof LinkPreviewResponse>;
