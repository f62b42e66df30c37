import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser, uploadImage } from '../../test/factories.ts';
import { fixtureImage, noisePng } from '../../test/images.ts';
import { fakeWebDist } from '../../test/web-dist.ts';

/*
 * What a link unfurler (a chat app, a social network) shows for our pages: open-graph-scraper reads
 * them over real HTTP, as another program would, and the image it finds is fetched and measured.
 */

let t: TestApp;
let origin: string;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  author = await buildUser(t.app, { fullname: 'Ann Walker' });
});
afterAll(() => t.close());

/** The page's preview as open-graph-scraper reads it, and its image as fetched: a raster image at most 1200 px wide, of the size and type the tags say. */
async function unfurl(path: string) {
  const { error, result } = await ogs({ url: `${origin}${path}` });
  expect(error).toBe(false);
  const [image] = result.ogImage ?? [];
  expect(image, 'og:image').toBeDefined();
  const res = await fetch(image!.url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect(res.headers.get('content-type')).toBe(image!.type);
  expect([meta.width, meta.height]).toEqual([Number(image!.width), Number(image!.height)]);
  expect(['jpeg', 'png']).toContain(meta.format);
  expect(meta.width).toBeLessThanOrEqual(1200);
  return { result, image: image!, bytes };
}

describe('link previews', () => {
  it('of a blog with a 2000×1400 banner (8.4 MB): its title, description and a JPEG 1200 px wide under 500 KB', async () => {
    const banner = await uploadImage(t.app, author, await noisePng());
    const blogId = await buildBlog(t.app, author, { title: 'Dunes', des: 'Sand all day.', banner: banner.url });
    const { result, image, bytes } = await unfurl(`/blog/${blogId}`);
    expect(result).toMatchObject({ ogTitle: 'Dunes', ogDescription: 'Sand all day.', ogType: 'article' });
    expect(image).toMatchObject({ type: 'image/jpeg', width: '1200', height: '840' });
    const original = await fetch(new URL(new URL(banner.url).pathname, origin));
    expect((await original.arrayBuffer()).byteLength).toBeGreaterThan(8_000_000);
    expect(bytes.length).toBeLessThan(500_000);
  });

  it('of the home page: the site’s name, what it is and its 1200×630 PNG card', async () => {
    const { result, image } = await unfurl('/');
    expect(result).toMatchObject({ ogTitle: 'Inkwell', ogDescription: 'Read and write blogs.' });
    expect(image).toMatchObject({ type: 'image/png', width: '1200', height: '630' });
  });

  it('of a profile: the member’s name, bio and picture, a PNG of the default one or the uploaded one’s JPEG', async () => {
    const member = await buildUser(t.app, { fullname: 'Bo Lind' });
    await post(t.app, '/api/user/update-profile', { username: member.username, bio: 'I row.' }, member.token);
    const drawn = await unfurl(`/user/${member.username}`);
    expect(drawn.result).toMatchObject({ ogTitle: `Bo Lind (@${member.username})`, ogDescription: 'I row.' });
    expect(drawn.image).toMatchObject({ type: 'image/png', width: '480', height: '480' });

    const picture = await uploadImage(t.app, member, await fixtureImage('png', 800, 800));
    await post(t.app, '/api/user/update-profile-img', { url: picture.url }, member.token);
    const uploaded = await unfurl(`/user/${member.username}`);
    expect(uploaded.image).toMatchObject({ type: 'image/jpeg', width: '800', height: '800' });
  });
});
