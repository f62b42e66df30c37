import type { APIRequestContext, Locator } from '@playwright/test';
import { fixtureImage } from '../apps/server/src/test/images.ts';
import { createBlog, createUser, expect, test, type TestUser } from './support/fixtures.ts';

// The narrowest phone the product supports, at one device pixel per CSS pixel.
test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });

/** Uploads a `width`×`height` JPEG as `user`; answers what the upload answered. */
async function uploadPhoto(request: APIRequestContext, user: TestUser, width: number, height: number) {
  const res = await request.post('/api/upload/image', {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: {
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await fixtureImage('jpeg', width, height) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { file: { url: string; width: number; height: number } }).file;
}

const copies = (url: string, widths: [nominal: number, actual: number][]) =>
  widths.map(([nominal, actual]) => `${url.replace(/\.jpg$/, `-${nominal}w.webp`)} ${actual}w`).join(', ');

/** The URL of the file the browser shows in `img`, once loaded. */
async function shown(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

test('a blog on a phone loads small WebP copies of its banner and images, laid out before they arrive', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const banner = await uploadPhoto(request, author, 2000, 1125);
  const photo = await uploadPhoto(request, author, 1200, 900);
  const blogId = await createBlog(request, author, {
    banner: banner.url,
    content: [
      {
        blocks: [
          ...Array.from({ length: 12 }, (_, i) => ({
            id: `p${i}`,
            type: 'paragraph',
            data: { text: `Paragraph ${i} of the walk up the hill.` },
          })),
          { id: 'img', type: 'image', data: { file: photo, caption: 'The ridge at dawn' } },
        ],
      },
    ],
  });
  // Every image fetched, and the type it came as.
  const fetched = new Map<string, string>();
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/uploads/'))
      fetched.set(res.url(), res.headers()['content-type'] ?? '');
  });
  await page.goto(`/blog/${blogId}`);

  const bannerImg = page.locator('article img').first();
  const bannerSource = page.locator('article picture').first().locator('source');
  await expect(bannerSource).toHaveAttribute('type', 'image/webp');
  await expect(bannerSource).toHaveAttribute(
    'srcset',
    copies(banner.url, [
      [200, 200],
      [400, 400],
      [700, 700],
      [1000, 1000],
      [1600, 1600],
    ]),
  );
  await expect(bannerSource).toHaveAttribute('sizes', '(min-width: 667px) 600px, 90vw');
  await expect(bannerImg).toHaveAttribute('src', banner.url);
  await expect(bannerImg).toHaveAttribute('width', '1200');
  await expect(bannerImg).toHaveAttribute('height', '675');
  await expect(bannerImg).toHaveAttribute('fetchpriority', 'high');
  await expect(bannerImg).not.toHaveAttribute('loading', 'lazy');
  expect(await shown(bannerImg)).toBe(banner.url.replace('.jpg', '-400w.webp'));

  const blockImg = page.getByRole('img', { name: 'The ridge at dawn' });
  const blockSource = page.locator('figure picture source');
  await expect(blockSource).toHaveAttribute(
    'srcset',
    copies(photo.url, [
      [200, 200],
      [400, 400],
      [700, 700],
      [1000, 1000],
      [1600, 1200],
    ]),
  );
  await expect(blockSource).toHaveAttribute('sizes', '(min-width: 667px) 600px, 90vw');
  await expect(blockImg).toHaveAttribute('width', '1200');
  await expect(blockImg).toHaveAttribute('height', '900');
  await expect(blockImg).toHaveAttribute('loading', 'lazy');
  // Laid out at the photo's own shape (324 px wide at 90vw) before a byte of it arrives.
  const box = await blockImg.boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([324, 243]);
  await blockImg.scrollIntoViewIfNeeded();
  expect(await shown(blockImg)).toBe(photo.url.replace('.jpg', '-400w.webp'));

  // Only the copies the phone needs came, as WebP; the full-size originals never did.
  const ours = [...fetched].filter(([fetchedUrl]) =>
    [banner.url, photo.url].some((url) => fetchedUrl.startsWith(url.replace('.jpg', ''))),
  );
  expect(Object.fromEntries(ours)).toEqual({
    [banner.url.replace('.jpg', '-400w.webp')]: 'image/webp',
    [photo.url.replace('.jpg', '-400w.webp')]: 'image/webp',
  });
});

test('a card offers its banner as WebP copies sized for the thumbnail', async ({ page, request }) => {
  const author = await createUser(request);
  await createBlog(request, author, { title: 'First walk' });
  await page.goto(`/user/${author.username}`);

  const source = page.getByRole('article').locator('picture source');
  await expect(source).toHaveAttribute('sizes', '(min-width: 640px) 112px, 80px');
  await expect(source).toHaveAttribute(
    'srcset',
    /^http:\/\/[^/]+\/uploads\/\w+-200w\.webp 200w, http:\/\/[^/]+\/uploads\/\w+-400w\.webp 400w, .*-1600w\.webp 1600w$/,
  );
  await expect(page.getByRole('article').locator('picture img')).toHaveAttribute('width', '112');
});
