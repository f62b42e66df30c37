import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_KEY, imageVariantKey, Limits } from '@inkwell/contracts';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.ts';
import { badRequest, HttpError } from '../../http-error.ts';
import { FetchRefused, safeFetch } from '../../net/safe-fetch.ts';
import { reencodeImage, SHARE_WIDTH, shareCopy, webpVariants } from './image-processing.ts';
import type { ImageStore } from './image-store.ts';
import { detectImageType, IMAGE_EXTENSIONS, typeOfExtension } from './image-type.ts';
import { findImage, imageExists, insertImage } from './uploads.repository.ts';

export interface UploadDeps {
  db: Executor;
  store: ImageStore;
}

const URL_PREFIX = '/uploads/';

export const imageUrl = (key: string) => `${URL_PREFIX}${key}`;

/** A stored image: its URL and size in pixels. */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/** The file name of an image's copy for link previews (`shareCopy`). */
export const shareCopyKey = (hash: string) => `${hash}-share.jpg`;

/** Makes and stores the copies of the image `hash` (`width` px wide): its WebP copies and its share copy. */
async function storeVariants(store: ImageStore, hash: string, image: Buffer, width: number): Promise<void> {
  for (const variant of await webpVariants(image, width))
    await store.put(imageVariantKey(hash, variant.width), variant.data, 'image/webp');
  await store.put(shareCopyKey(hash), await shareCopy(image, width), 'image/jpeg');
}

/**
 * Stores an uploaded image: type from its bytes, re-encoded, kept under the hash of the result
 * (the same picture uploaded twice is one file), with its WebP copies. It is recorded last, so a
 * recorded image has its copies.
 */
export async function storeImage({ db, store }: UploadDeps, ownerId: string, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0) throw badRequest('file_empty');
  const type = detectImageType(bytes);
  if (!type) throw new HttpError(415, 'unsupported_image_type');
  const image = await reencodeImage(bytes, type);
  const hash = createHash('sha256').update(image.data).digest('hex');
  const key = `${hash}.${type.extension}`;
  await store.put(key, image.data, type.mime);
  await storeVariants(store, hash, image.data, image.width);
  await insertImage(db, {
    key,
    ownerId,
    size: image.data.length,
    width: image.width,
    height: image.height,
    mime: type.mime,
  });
  return { url: imageUrl(key), width: image.width, height: image.height };
}

/** A copy to serve, or where to send the reader when it cannot be made. */
export type VariantFile = { file: Readable } | { fallback: string };

/**
 * Opens the copy `key` (a WebP copy or the share copy) of the stored image `hash`; null when there is no such image.
 * Images stored before copies were made get all of theirs on the first request for one (made once,
 * however many readers ask at the same time); should that fail, the reader is sent to the original.
 */
export function variantOpener({ db, store }: UploadDeps, log: (error: unknown) => void) {
  const making = new Map<string, Promise<void>>();
  const make = async (hash: string, original: { key: string; width: number }) => {
    const file = await store.open(original.key);
    if (!file) return;
    await storeVariants(store, hash, Buffer.concat(await file.toArray()), original.width);
  };
  return async (hash: string, key: string): Promise<VariantFile | null> => {
    const stored = await store.open(key);
    if (stored) return { file: stored };
    const original = await findImage(
      db,
      IMAGE_EXTENSIONS.map((extension) => `${hash}.${extension}`),
    );
    if (!original) return null;
    let made = making.get(hash);
    if (!made) {
      made = make(hash, original).finally(() => making.delete(hash));
      making.set(hash, made);
    }
    try {
      await made;
    } catch (error) {
      log(error);
      return { fallback: imageUrl(original.key) };
    }
    const file = await store.open(key);
    return file && { file };
  };
}

/** An image in a form every other program reads, with its size when known, as link previews and the fediverse name it. */
export interface RasterImage {
  url: string;
  type?: string;
  width?: number;
  height?: number;
}

/**
 * The sizes of stored images, by key. A key is the hash of the bytes, so its size never changes:
 * a blog page with an uploaded banner (and a profile with an uploaded picture) would otherwise send
 * one more statement on every render just to say how large its share image is.
 */
const sizes = new LRUCache<string, { width: number; height: number }>({ max: 10_000 });

/**
 * The share copy of an image this server stored, with its type and size (it is made with the
 * image, or on the first request for it when the image is older); null for any other address.
 */
export async function shareImage(db: Executor, url: string): Promise<Required<RasterImage> | null> {
  const key = url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : '';
  const hash = IMAGE_KEY.exec(key)?.[1];
  if (!hash) return null;
  let image = sizes.get(key);
  if (!image) {
    image = await findImage(db, [key]);
    if (!image) return null;
    sizes.set(key, image);
  }
  const width = Math.min(image.width, SHARE_WIDTH);
  return {
    url: imageUrl(shareCopyKey(hash)),
    type: typeOfExtension('jpg')!.mime,
    width,
    height: Math.round((image.height * width) / image.width),
  };
}

/** The bytes of an image this server stored, at its URL (`/uploads/<key>`); null for any other address or a missing file. */
export async function storedImageBytes(store: ImageStore, url: string): Promise<Buffer | null> {
  const key = url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : '';
  const file = IMAGE_KEY.test(key) ? await store.open(key) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Copies an image from a URL the user gave into our store, through the SSRF-safe fetcher. */
export async function importImage(
  deps: UploadDeps,
  ownerId: string,
  url: string,
  allowHosts: string[],
): Promise<StoredImage> {
  let bytes: Buffer;
  try {
    ({ body: bytes } = await safeFetch(url, { allowHosts, maxBytes: Limits.uploadMaxBytes, accept: 'image/*' }));
  } catch (error) {
    if (error instanceof FetchRefused) throw new HttpError(error.status, error.refusal);
    throw error;
  }
  return storeImage(deps, ownerId, bytes);
}

/** True when `url` names an image this server stored (e.g. for a profile picture), not any outside address. */
export async function isStoredImageUrl(db: Executor, url: string): Promise<boolean> {
  if (!url.startsWith(URL_PREFIX)) return false;
  const key = url.slice(URL_PREFIX.length);
  return IMAGE_KEY.test(key) && imageExists(db, key);
}
