import { createHash } from 'node:crypto';
import { Limits, webUrl } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { badRequest, HttpError } from '../../http-error.ts';
import { FetchRefused, safeFetch } from '../../net/safe-fetch.ts';
import type { RateLimit } from '../rate-limits/rate-limits.service.ts';
import { reencodeImage } from './image-processing.ts';
import type { ImageStore } from './image-store.ts';
import { detectImageType } from './image-type.ts';
import { imageExists, insertImage } from './uploads.repository.ts';

export interface UploadDeps {
  db: Executor;
  store: ImageStore;
}

const URL_PREFIX = '/uploads/';
/** A stored file's name: the SHA-256 of its bytes and our extension. */
export const IMAGE_KEY = /^[0-9a-f]{64}\.(?:png|jpg|webp|gif)$/;

export const imageUrl = (key: string) => `${URL_PREFIX}${key}`;

export const UNSUPPORTED_TYPE = 'Only PNG, JPEG, WebP and GIF images can be uploaded';

const UPLOADS_PER_HOUR = 60;
/** Every image a user has this server store counts: uploads, and copies of images from elsewhere. */
export const uploadLimit = (userId: string): RateLimit => ({ key: `upload:user:${userId}`, limit: UPLOADS_PER_HOUR, windowSeconds: 3600 });
export const TOO_MANY_UPLOADS = 'Too many uploads';

/**
 * Stores an uploaded image: type from its bytes, re-encoded, kept under the hash of the result
 * (the same picture uploaded twice is one file). Answers its URL.
 */
export async function storeImage({ db, store }: UploadDeps, ownerId: string, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw badRequest('The file is empty');
  const type = detectImageType(bytes);
  if (!type) throw new HttpError(415, UNSUPPORTED_TYPE);
  const image = await reencodeImage(bytes, type);
  const key = `${createHash('sha256').update(image.data).digest('hex')}.${type.extension}`;
  await store.put(key, image.data, type.mime);
  await insertImage(db, { key, ownerId, size: image.data.length, width: image.width, height: image.height, mime: type.mime });
  return imageUrl(key);
}

/** Copies an image from a URL the user gave into our store, through the SSRF-safe fetcher. */
export async function importImage(deps: UploadDeps, ownerId: string, url: string, allowHosts: string[]): Promise<string> {
  let bytes: Buffer;
  try {
    ({ body: bytes } = await safeFetch(url, { allowHosts, maxBytes: Limits.uploadMaxBytes, accept: 'image/*' }));
  } catch (error) {
    if (error instanceof FetchRefused) throw new HttpError(error.status, error.message);
    throw error;
  }
  return storeImage(deps, ownerId, bytes);
}

/**
 * The path on this site that `url` names: `url` itself when it is a path, or the rest of an absolute
 * URL under one of `sites` (PUBLIC_URL, the address a request came to); null for an outside address.
 */
export function pathOnSite(url: string, sites: string[]): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  const absolute = webUrl(url)?.href;
  for (const site of sites) {
    const base = webUrl(site)?.href.replace(/\/$/, '');
    if (absolute && base && absolute.startsWith(`${base}/`)) return absolute.slice(base.length);
  }
  return null;
}

/** True when `url` names an image this server stored (e.g. for a profile picture), not any outside address. */
export async function isStoredImageUrl(db: Executor, url: string): Promise<boolean> {
  if (!url.startsWith(URL_PREFIX)) return false;
  const key = url.slice(URL_PREFIX.length);
  return IMAGE_KEY.test(key) && imageExists(db, key);
}
