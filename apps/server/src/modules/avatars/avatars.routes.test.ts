import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, uploadImage } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { rasterProfileImage } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FOREVER = 'public, max-age=31536000, immutable';

describe('default avatars', () => {
  it('are served as SVG for the web app and as a 480 px PNG of the same picture for other programs', async () => {
    const svg = await t.app.inject('/api/avatar/ann%20walker.svg');
    expect([svg.statusCode, svg.headers['content-type'], svg.headers['cache-control']]).toEqual([
      200,
      'image/svg+xml',
      FOREVER,
    ]);
    const png = await t.app.inject('/api/avatar/ann%20walker.png');
    expect([png.statusCode, png.headers['content-type'], png.headers['cache-control']]).toEqual([
      200,
      'image/png',
      FOREVER,
    ]);
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 480, height: 480 });
    const pixels = (image: sharp.Sharp) => image.removeAlpha().raw().toBuffer();
    expect(await pixels(sharp(png.rawPayload))).toEqual(
      await pixels(sharp(svg.rawPayload, { density: 576 }).resize(480, 480)),
    );
    expect((await t.app.inject('/api/avatar/ann%20walker.png')).rawPayload).toEqual(png.rawPayload);
  });

  it('differ by seed', async () => {
    const [a, b] = await Promise.all(['/api/avatar/a.png', '/api/avatar/b.png'].map((url) => t.app.inject(url)));
    const pixels = (png: Buffer) => sharp(png).png().raw().toBuffer();
    expect(a!.headers['content-type']).toBe('image/png');
    expect(await pixels(a!.rawPayload)).not.toEqual(await pixels(b!.rawPayload));
  });
});

describe('a profile picture as a raster image', () => {
  it('is the PNG of a default one, the share copy of an upload, and any other address as it is', async () => {
    const user = await buildUser(t.app);
    expect(await rasterProfileImage(t.app.db, `/api/avatar/${user.username}.svg`)).toEqual({
      url: `/api/avatar/${user.username}.png`,
      type: 'image/png',
      width: 480,
      height: 480,
    });
    const upload = await uploadImage(t.app, user, await fixtureImage('jpeg', 1500, 1000), 'image/jpeg');
    const stored = new URL(upload.url).pathname; // answered absolute, stored as a path
    expect(await rasterProfileImage(t.app.db, stored)).toEqual({
      url: stored.replace('.jpg', '-share.jpg'),
      type: 'image/jpeg',
      width: 1200,
      height: 800,
    });
    expect(await rasterProfileImage(t.app.db, 'https://elsewhere.example/me.webp')).toEqual({
      url: 'https://elsewhere.example/me.webp',
    });
  });
});
