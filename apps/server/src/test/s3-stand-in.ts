import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3StandIn {
  /** S3_* settings pointing at the stand-in; its only key pair is S3RVER / S3RVER. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver): the S3 REST protocol over real HTTP with objects on disk. It
 * checks the access key id of a SigV4 request but not the signature itself.
 */
export async function startS3StandIn(bucket = 'inkwell-images'): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'inkwell-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
