import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorMessages, IMAGE_VARIANT_WIDTHS, Messages } from '@inkwell/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildUser, type TestUser } from '../../test/factories.ts';
import { fixtureImage, jpegWithMetadata, noisePng, pngBomb, type ImageFormat } from '../../test/images.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { insertImage } from './uploads.repository.ts';
import { isStoredImageUrl } from './uploads.service.ts';

let t: TestApp;
let user: TestUser;
let uploadsDir: string;
let images: LocalServer;
const served = new Map<string, { type: string; body: Buffer }>();

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'inkwell-uploads-test-'));
  t = await buildTestApp({ UPLOADS_DIR: uploadsDir, FETCH_ALLOW_HOSTS: 'localhost' });
  user = await buildUser(t.app);
  images = await startLocalServer((req, res) => {
    const file = served.get(req.url!);
    if (req.url === '/to-private') res.writeHead(302, { location: 'http://10.0.0.1/x.png' }).end();
    else if (file) res.writeHead(200, { 'content-type': file.type }).end(file.body);
    else res.writeHead(404).end();
  });
});
afterAll(async () => {
  await images.close();
  await t.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----inkwell${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(
  content: Buffer,
  { field = 'image', filename = 'photo.png', type = 'image/png', as = user as TestUser | null } = {},
) {
  const body = multipart(field, filename, type, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: body.payload,
    headers: { ...body.headers, ...(as ? bearer(as.token) : {}) },
  });
}

function uploadByUrl(url: unknown, as: TestUser | null = user) {
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/image-by-url',
    payload: { url },
    headers: as ? bearer(as.token) : {},
  });
}

async function fetchStored(url: string) {
  const res = await t.app.inject(url);
  expect(res.statusCode).toBe(200);
  return res;
}

describe('POST /api/upload/image', () => {
  it.each<[ImageFormat, string, string]>([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
  ])('stores a %s under the hash of its re-encoded bytes and serves it', async (format, mime, extension) => {
    const res = await upload(await fixtureImage(format), { filename: `x.${extension}`, type: mime });
    expect(res.statusCode).toBe(200);
    const { success, file } = res.json();
    expect(success).toBe(1);
    expect(file.url).toMatch(new RegExp(`^http://localhost:80/uploads/[0-9a-f]{64}\\.${extension}$`));
    expect([file.width, file.height]).toEqual([64, 48]);

    const stored = await fetchStored(file.url);
    expect(stored.headers['content-type']).toBe(mime);
    expect(stored.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe(format);
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(await isStoredImageUrl(t.app.db, new URL(file.url).pathname)).toBe(true);
  });

  it('decides the type from the bytes, not the name or declared type', async () => {
    const res = await upload(await fixtureImage('webp'), { filename: 'looks.png', type: 'image/png' });
    expect(res.json().file.url).toMatch(/\.webp$/);
  });

  it('stores identical pictures once', async () => {
    const bytes = await fixtureImage('png', 30, 30);
    const first = (await upload(bytes)).json().file.url;
    const second = (await upload(bytes, { as: await buildUser(t.app) })).json().file.url;
    expect(second).toBe(first);
    expect(readdirSync(uploadsDir).filter((name) => `http://localhost:80/uploads/${name}` === first)).toHaveLength(1);
  });

  it('scales the longest side down to 2000 px, keeping the shape', async () => {
    const res = await upload(await fixtureImage('jpeg', 3000, 1500), { type: 'image/jpeg' });
    const meta = await sharp((await fetchStored(res.json().file.url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
  });

  it('strips metadata such as EXIF', async () => {
    const original = await jpegWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stored = (await fetchStored((await upload(original, { type: 'image/jpeg' })).json().file.url)).rawPayload;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('SecretCam')).toBe(false);
  });

  it.each<ImageFormat>(['png', 'gif'])(
    'leaves behind the HTML a %s polyglot carries after the image',
    async (format) => {
      const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
      const polyglot = Buffer.concat([await fixtureImage(format), Buffer.from(html)]);
      const res = await upload(polyglot, { filename: 'x.html', type: 'text/html' });
      expect(res.statusCode).toBe(200);
      const stored = await fetchStored(res.json().file.url);
      expect(stored.headers['content-type']).toBe(`image/${format}`);
      expect(stored.headers['x-content-type-options']).toBe('nosniff');
      expect(stored.rawPayload.includes('<script>')).toBe(false);
    },
  );

  it.each([
    [
      'a text file named .png',
      Buffer.from('just some text, honestly a picture'),
      415,
      'Only PNG, JPEG, WebP and GIF images can be uploaded',
      'unsupported_image_type',
    ],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
      415,
      'Only PNG, JPEG, WebP and GIF images can be uploaded',
      'unsupported_image_type',
    ],
    [
      'an HTML page',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      415,
      'Only PNG, JPEG, WebP and GIF images can be uploaded',
      'unsupported_image_type',
    ],
    [
      'a PNG signature with garbage behind it',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]),
      400,
      'The file is not a valid image',
      'image_invalid',
    ],
    [
      'a decompression bomb (a tiny PNG declaring 100000×100000)',
      pngBomb(),
      413,
      'The image has too many pixels',
      'image_too_many_pixels',
    ],
    ['an empty file', Buffer.alloc(0), 400, 'The file is empty', 'file_empty'],
    ['30 MB of noise', randomBytes(30 * 1024 * 1024), 413, 'The file is too large (max 10 MB)', 'file_too_large'],
  ])('refuses %s', async (_name, content, status, error, code) => {
    const res = await upload(content);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: 0, error, code });
  });

  it('keeps the bomb tiny on the wire', () => {
    expect(pngBomb().length).toBeLessThan(1024 * 1024);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await fixtureImage('png'), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: 0, error: 'The file is too large (max 10 MB)', code: 'file_too_large' });
  });

  it('asks for an image when the field is missing or misnamed', async () => {
    const res = await upload(await fixtureImage('png'), { field: 'file' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: 0, error: Messages.selectImage, code: 'image_required' });
  });

  it('refuses a request that is not multipart, and anonymous uploads', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      payload: { image: 'x' },
      headers: bearer(user.token),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().success).toBe(0);
    const anonymous = await upload(await fixtureImage('png'), { as: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: 0, error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });
});

describe('POST /api/upload/image-by-url', () => {
  it('copies an image from a URL into our store', async () => {
    served.set('/cat.jpg', { type: 'image/jpeg', body: await fixtureImage('jpeg', 80, 60) });
    const res = await uploadByUrl(`${images.url}/cat.jpg`);
    expect(res.statusCode).toBe(200);
    const { file } = res.json();
    expect(file.url).toMatch(/^http:\/\/localhost:80\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect((await sharp((await fetchStored(file.url)).rawPayload).metadata()).width).toBe(80);
  });

  it('checks the fetched bytes like an upload', async () => {
    served.set('/fake.png', { type: 'image/png', body: Buffer.from('<svg onload=alert(1)>') });
    const res = await uploadByUrl(`${images.url}/fake.png`);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: 0,
      error: 'Only PNG, JPEG, WebP and GIF images can be uploaded',
      code: 'unsupported_image_type',
    });
  });

  it.each([
    ['http://127.0.0.1/x.png', 'This address cannot be fetched'],
    ['http://169.254.169.254/latest/meta-data/', 'This address cannot be fetched'],
    ['http://[::1]/x.png', 'This address cannot be fetched'],
    ['http://2130706433/x.png', 'This address cannot be fetched'],
    ['file:///etc/passwd', 'Only http and https addresses can be fetched'],
  ])('refuses %s', async (url, error) => {
    const res = await uploadByUrl(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: 0, error, code: 'fetch_failed' });
  });

  it('refuses a redirect from an allowed server to a private address', async () => {
    const res = await uploadByUrl(`${images.url}/to-private`);
    expect(res.json()).toEqual({ success: 0, error: 'This address cannot be fetched', code: 'fetch_failed' });
  });

  it('refuses a missing URL and anonymous callers', async () => {
    const missing = await uploadByUrl(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().success).toBe(0);
    expect((await uploadByUrl(`${images.url}/cat.jpg`, null)).statusCode).toBe(401);
  });
});

/** `/uploads/<hash>-<width>w.webp`: the WebP copy of the uploaded image at `url`. */
const variantUrl = (url: string, width: number) => url.replace(/\.\w+$/, `-${width}w.webp`);

async function fetchVariant(url: string, width: number) {
  const res = await fetchStored(variantUrl(url, width));
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  return { bytes: res.rawPayload, meta: await sharp(res.rawPayload).metadata() };
}

/** An animated GIF of two frames, red then blue. */
async function redThenBlueGif(width: number, height: number) {
  const frame = (background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
    .gif()
    .toBuffer();
}

describe('WebP copies of uploads', () => {
  it('makes WebP copies 200, 400, 700, 1000 and 1600 px wide, each smaller than the original', async () => {
    expect(IMAGE_VARIANT_WIDTHS).toEqual([200, 400, 700, 1000, 1600]);
    const { file } = (await upload(await fixtureImage('jpeg', 3000, 1500), { type: 'image/jpeg' })).json();
    expect([file.width, file.height]).toEqual([2000, 1000]);
    const original = (await fetchStored(file.url)).rawPayload;
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const { bytes, meta } = await fetchVariant(file.url, width);
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width / 2]);
      expect(bytes.length).toBeLessThan(original.length);
    }
  });

  it('never scales a narrow image up: the copies it cannot fill are as wide as it is', async () => {
    const { file } = (await upload(await fixtureImage('png', 600, 450))).json();
    expect((await fetchVariant(file.url, 400)).meta).toMatchObject({ width: 400, height: 300 });
    for (const width of [700, 1000, 1600])
      expect((await fetchVariant(file.url, width)).meta).toMatchObject({ width: 600, height: 450 });
  });

  it('keeps an animated GIF moving', async () => {
    const gif = await redThenBlueGif(900, 600);
    const { file } = (await upload(gif, { filename: 'a.gif', type: 'image/gif' })).json();
    expect((await fetchVariant(file.url, 400)).meta).toMatchObject({ format: 'webp', width: 400, pages: 2 });
  });

  it('makes the copies of an image stored before copies existed on the first request for one', async () => {
    const { file } = (await upload(await fixtureImage('jpeg', 1000, 500), { type: 'image/jpeg' })).json();
    const hash = new URL(file.url).pathname.slice('/uploads/'.length, -'.jpg'.length);
    const copies = readdirSync(uploadsDir).filter((name) => name.startsWith(`${hash}-`));
    expect(copies.sort()).toEqual(
      [...IMAGE_VARIANT_WIDTHS.map((width) => `${hash}-${width}w.webp`), `${hash}-share.jpg`].sort(),
    );
    for (const copy of copies) rmSync(path.join(uploadsDir, copy));

    const [first, second] = await Promise.all([fetchVariant(file.url, 700), fetchVariant(file.url, 1600)]);
    expect(first.meta).toMatchObject({ width: 700, height: 350 });
    expect(second.meta).toMatchObject({ width: 1000, height: 500 });
    expect(existsSync(path.join(uploadsDir, `${hash}-400w.webp`))).toBe(true);

    rmSync(path.join(uploadsDir, `${hash}-share.jpg`));
    expect((await fetchShareCopy(file.url)).meta).toMatchObject({ format: 'jpeg', width: 1000, height: 500 });
  });

  it('answers 404 for a copy of an image it does not hold, or at a width it does not make', async () => {
    const { file } = (await upload(await fixtureImage('png', 500, 400))).json();
    for (const url of [
      variantUrl(`/uploads/${'c'.repeat(64)}.png`, 400),
      variantUrl(file.url, 500),
      file.url.replace('.png', '-400w.avif'),
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ErrorMessages.not_found, code: 'not_found' });
    }
  });

  it('sends the reader to the original when its copies cannot be made', async () => {
    const damaged = Buffer.from('not a picture any more');
    const hash = createHash('sha256').update(damaged).digest('hex');
    writeFileSync(path.join(uploadsDir, `${hash}.png`), damaged);
    await insertImage(t.app.db, {
      key: `${hash}.png`,
      ownerId: null,
      size: damaged.length,
      width: 900,
      height: 600,
      mime: 'image/png',
    });
    const res = await t.app.inject(`/uploads/${hash}-400w.webp`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/uploads/${hash}.png`);
  });
});

/** `/uploads/<hash>-share.jpg`: the copy of the uploaded image at `url` that link previews show. */
async function fetchShareCopy(url: string) {
  const res = await fetchStored(url.replace(/\.\w+$/, '-share.jpg'));
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  return { bytes: res.rawPayload, meta: await sharp(res.rawPayload).metadata() };
}

describe('the share copy of uploads', () => {
  it('is a JPEG 1200 px wide: the 8.4 MB banner of noise shares in under 500 KB', async () => {
    const banner = await noisePng();
    expect(banner.length).toBeGreaterThan(8_000_000);
    const { file } = (await upload(banner)).json();
    expect((await fetchStored(file.url)).rawPayload.length).toBeGreaterThan(8_000_000);
    const { bytes, meta } = await fetchShareCopy(file.url);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 840]);
    expect(bytes.length).toBeLessThan(500_000);
  });

  it('keeps a narrower image’s width, puts transparency on white and shows an animation’s first frame', async () => {
    const clear = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const { file } = (await upload(clear)).json();
    const { bytes, meta } = await fetchShareCopy(file.url);
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200, hasAlpha: false });
    const { channels } = await sharp(bytes).stats();
    expect(channels.map((channel) => channel.min)).toEqual([255, 255, 255]);

    const gif = await redThenBlueGif(400, 300);
    const animated = (await upload(gif, { filename: 'a.gif', type: 'image/gif' })).json();
    const first = await fetchShareCopy(animated.file.url);
    expect(first.meta).toMatchObject({ width: 400, height: 300 });
    const [red, , blue] = (await sharp(first.bytes).stats()).channels;
    expect([red!.mean, blue!.mean]).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1)]);
  });
});

describe('uploads', () => {
  it('answers 404 for an unknown or malformed file name', async () => {
    for (const url of [`/uploads/${'a'.repeat(64)}.png`, '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/x.svg']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ErrorMessages.not_found, code: 'not_found' });
    }
  });

  it('tells stored images from any other address', async () => {
    expect(await isStoredImageUrl(t.app.db, `/uploads/${'b'.repeat(64)}.png`)).toBe(false);
    expect(await isStoredImageUrl(t.app.db, 'https://evil.example/x.png')).toBe(false);
    expect(await isStoredImageUrl(t.app.db, '/uploads/../secret.png')).toBe(false);
  });

  it('limits uploads per user per hour', async () => {
    const limited = await buildTestApp({ UPLOADS_DIR: uploadsDir, RATE_LIMIT_MULTIPLIER: '0.05' });
    try {
      const uploader = await buildUser(limited.app);
      const bytes = await fixtureImage('png', 8, 8);
      const send = () => {
        const body = multipart('image', 'a.png', 'image/png', bytes);
        return limited.app.inject({
          method: 'POST',
          url: '/api/upload/image',
          payload: body.payload,
          headers: { ...body.headers, ...bearer(uploader.token) },
        });
      };
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toEqual({
        success: 0,
        error: expect.stringMatching(/^Too many uploads\. Please try again in /),
        code: 'rate_limited',
      });
    } finally {
      await limited.close();
    }
  });
});
