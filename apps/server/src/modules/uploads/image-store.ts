import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config, S3Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';

/** Where image files live. Keys are content hashes, so a key's bytes never change. */
export interface ImageStore {
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  open(key: string): Promise<Readable | null>;
  /** Deletes the file, if there is one. */
  remove(key: string): Promise<void>;
}

/** The bucket when S3_* is configured, else the uploads folder. */
export const createImageStore = (config: Config): ImageStore =>
  config.s3 ? s3ImageStore(config.s3) : diskImageStore(config.uploadsDir);

/** A folder on disk (DATA_DIR/uploads by default). */
export function diskImageStore(folder: string): ImageStore {
  const file = (key: string) => path.join(folder, path.basename(key));
  const exists = (key: string) =>
    access(file(key)).then(
      () => true,
      () => false,
    );
  return {
    async put(key, data) {
      if (await exists(key)) return;
      // Written aside and renamed, so a reader never sees half a file; a write that fails leaves none.
      const temporary = `${file(key)}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(folder, { recursive: true });
        await writeFile(temporary, data);
        await rename(temporary, file(key));
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        throw storageFailure(error as NodeJS.ErrnoException);
      }
    },
    async open(key) {
      return (await exists(key)) ? createReadStream(file(key)) : null;
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** A full or read-only disk, said in words the writer can pass on; anything else stays a fault of ours (500). */
function storageFailure(error: NodeJS.ErrnoException): Error {
  if (error.code === 'ENOSPC' || error.code === 'EDQUOT') return new HttpError(507, 'storage_full');
  if (error.code === 'EROFS') return new HttpError(503, 'storage_read_only');
  return error;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, Garage…), addressed path-style with SigV4 signing.
 * Images are still served from /uploads by this server, so the bucket can stay private.
 */
export function s3ImageStore({ endpoint, bucket, region, accessKeyId, secretAccessKey }: S3Config): ImageStore {
  const client = new AwsClient({ accessKeyId, secretAccessKey, region, service: 's3' });
  const objectUrl = (key: string) =>
    `${endpoint}/${encodeURIComponent(bucket)}/${encodeURIComponent(path.basename(key))}`;
  const failure = (action: string, key: string, response: Response) =>
    new Error(`S3 ${action} of ${key} failed with status ${response.status}`);
  return {
    async put(key, data, mime) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: { 'content-type': mime },
      });
      await response.body?.cancel();
      if (!response.ok) throw failure('upload', key, response);
    },
    async open(key) {
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw failure('download', key, response);
      return Readable.fromWeb(response.body as ReadableStream);
    },
    async remove(key) {
      const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw failure('deletion', key, response);
    },
  };
}
