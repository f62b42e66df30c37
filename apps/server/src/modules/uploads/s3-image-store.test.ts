import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildUser, type TestUser } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.ts';
import { s3ImageStore } from './image-store.ts';

let s3: S3StandIn;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  s3 = await startS3StandIn();
  // No UPLOADS_DIR: with S3_* set, nothing may be written to a folder.
  t = await buildTestApp({ ...s3.env, UPLOADS_DIR: '/nonexistent/inkwell-uploads' });
  user = await buildUser(t.app);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function upload(app: FastifyInstance, as: TestUser, image: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([image], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, ...bearer(as.token) },
  });
}

describe('images in an S3-compatible bucket (S3_* set)', () => {
  it('puts the upload in the bucket and serves it from /uploads', async () => {
    const res = await upload(t.app, user, await fixtureImage('png', 40, 30));
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ file: { url: string } }>().file.url).pathname;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);

    const inBucket = await s3ImageStore(loadConfig({ ...s3.env }).s3!).open(url.slice('/uploads/'.length));
    expect(inBucket).not.toBeNull();

    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it('puts the WebP copies in the bucket and serves them from /uploads', async () => {
    const { file } = (await upload(t.app, user, await fixtureImage('png', 1000, 750))).json();
    const hash = new URL(file.url).pathname.slice('/uploads/'.length, -'.png'.length);
    const bucket = s3ImageStore(loadConfig({ ...s3.env }).s3!);
    for (const [width, served] of [
      [200, 200],
      [700, 700],
      [1000, 1000],
      [1600, 1000],
    ]) {
      expect(await bucket.open(`${hash}-${width}w.webp`)).not.toBeNull();
      const res = await t.app.inject(`/uploads/${hash}-${width}w.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: served });
    }
  });

  it('answers 404 for a key the bucket does not hold', async () => {
    const res = await t.app.inject(`/uploads/${'a'.repeat(64)}.png`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('fails the upload, records nothing and leaks no detail when the bucket refuses the credentials', async () => {
    const wrong = await buildTestApp({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    try {
      const writer = await buildUser(wrong.app);
      const res = await upload(wrong.app, writer, await fixtureImage('png', 41, 31));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: 0,
        error: expect.not.stringMatching(/S3|signature|status/i),
        code: 'internal_error',
      });
      const rows = await queryRows(wrong.app.db, sql`select count(*)::int as n from images`);
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await wrong.close();
    }
  });

  it('refuses half an S3 configuration at start-up, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:1' })).toThrow(
      'Invalid configuration: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set with the other S3_* settings',
    );
  });
});
