import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { images } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser, uploadImage } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { fakeWebDist, metaContent as meta } from '../../test/web-dist.ts';

const ORIGIN = 'https://blog.example.org';
const HOSTILE = '</script><script>alert(1)</script><!-- "quoted" &';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist(), PUBLIC_URL: ORIGIN });
  author = await buildUser(t.app, { fullname: 'Ann Walker' });
});
afterAll(() => t.close());

async function page(url: string, status = 200) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(status);
  return res.body;
}

/** Every JSON-LD block of the page, parsed as a crawler parses it. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));

/** The feeds the page offers for autodiscovery: type, title and URL (its ActivityPub alternate is no feed). */
const feedLinks = (html: string) =>
  [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]*)" href="([^"]+)">/g)]
    .map(([, type, title, href]) => ({ type, title, href }))
    .filter((link) => link.type !== 'application/activity+json');

/** What an unfurler reads of the page's image: og:image and its properties, and the Twitter card's. */
const imageTags = (html: string) => ({
  url: meta(html, 'og:image'),
  type: meta(html, 'og:image:type'),
  width: meta(html, 'og:image:width'),
  height: meta(html, 'og:image:height'),
  alt: meta(html, 'og:image:alt'),
  twitter: meta(html, 'twitter:image'),
  twitterAlt: meta(html, 'twitter:image:alt'),
});

/** The drawn share card, at an address versioned by what it shows. */
const SHARE_CARD = new RegExp(`^${ORIGIN}/api/share-image\\.png\\?v=[0-9a-f]{12}$`);

/** The site as a blog's publisher, with its share image for a logo. */
const publisher = {
  '@type': 'Organization',
  name: 'Inkwell',
  url: `${ORIGIN}/`,
  logo: {
    '@type': 'ImageObject',
    url: expect.stringMatching(SHARE_CARD),
    width: 1200,
    height: 630,
    caption: 'Inkwell — Read and write blogs.',
  },
};

const siteFeeds = [
  { type: 'application/atom+xml', title: 'Inkwell (Atom)', href: `${ORIGIN}/feed.xml` },
  { type: 'application/feed+json', title: 'Inkwell (JSON Feed)', href: `${ORIGIN}/feed.json` },
  { type: 'application/rss+xml', title: 'Inkwell (RSS)', href: `${ORIGIN}/rss.xml` },
];

const authorFeeds = (user: TestUser, name: string) =>
  [
    ['application/atom+xml', 'Atom', 'feed.xml'],
    ['application/feed+json', 'JSON Feed', 'feed.json'],
    ['application/rss+xml', 'RSS', 'rss.xml'],
  ].map(([type, label, file]) => ({
    type,
    title: `${name} (@${user.username}) on Inkwell (${label})`,
    href: `${ORIGIN}/user/${user.username}/${file}`,
  }));

describe('head tags of a blog', () => {
  it('carry Open Graph article:*, Twitter cards, the author’s and tags’ feeds, and a BlogPosting', async () => {
    const content = [
      {
        blocks: [
          { type: 'paragraph', data: { text: 'One <b>two</b> three.' } },
          { type: 'list', data: { style: 'unordered', items: ['four five'] } },
        ],
      },
    ];
    const blogId = await buildBlog(t.app, author, {
      title: 'Hills',
      des: 'A walk.',
      tags: ['travel', 'film making'],
      content,
    });
    const html = await page(`/blog/${blogId}`);
    const url = `${ORIGIN}/blog/${blogId}`;
    const authorUrl = `${ORIGIN}/user/${author.username}`;
    const [ld] = jsonLd(html);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'article:published_time')).toBe(ld.datePublished);
    expect(meta(html, 'article:modified_time')).toBe(ld.dateModified);
    expect(Date.parse(ld.datePublished)).toBeGreaterThan(Date.now() - 60_000);
    expect(meta(html, 'article:author')).toBe(authorUrl);
    expect([...html.matchAll(/<meta property="article:tag" content="([^"]*)">/g)].map((m) => m[1])).toEqual([
      'travel',
      'film making',
    ]);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Hills');
    expect(meta(html, 'twitter:description')).toBe('A walk.');
    expect(feedLinks(html)).toEqual([
      ...siteFeeds,
      ...authorFeeds(author, 'Ann Walker'),
      { type: 'application/atom+xml', title: '#travel on Inkwell (Atom)', href: `${ORIGIN}/tag/travel/feed.xml` },
      {
        type: 'application/atom+xml',
        title: '#film making on Inkwell (Atom)',
        href: `${ORIGIN}/tag/film%20making/feed.xml`,
      },
    ]);
    expect(jsonLd(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'Hills',
        description: 'A walk.',
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        author: { '@type': 'Person', name: 'Ann Walker', url: authorUrl },
        publisher,
        datePublished: ld.datePublished,
        dateModified: ld.dateModified,
        image: { '@type': 'ImageObject', url: `${ORIGIN}/uploads/banner.webp`, caption: 'Banner of “Hills”' },
        wordCount: 5,
        keywords: 'travel, film making',
      },
    ]);
  });

  it('share an uploaded banner as its copy for previews: a JPEG 1200 px wide, with its type, size and alt text', async () => {
    const banner = await uploadImage(t.app, author, await fixtureImage('png', 2000, 1400));
    const blogId = await buildBlog(t.app, author, { title: 'Dunes', banner: banner.url });
    const html = await page(`/blog/${blogId}`);
    const share = banner.url.replace('.png', '-share.jpg');
    expect(imageTags(html)).toEqual({
      url: share,
      type: 'image/jpeg',
      width: '1200',
      height: '840',
      alt: 'Banner of “Dunes”',
      twitter: share,
      twitterAlt: 'Banner of “Dunes”',
    });
    expect(jsonLd(html)[0].image).toEqual({
      '@type': 'ImageObject',
      url: share,
      width: 1200,
      height: 840,
      caption: 'Banner of “Dunes”',
    });
  });

  it('know an uploaded banner’s size from the first page that showed it, without asking the database again', async () => {
    const banner = await uploadImage(t.app, author, await fixtureImage('png', 1600, 1000));
    const blogId = await buildBlog(t.app, author, { title: 'Coast', banner: banner.url });
    expect(imageTags(await page(`/blog/${blogId}`)).height).toBe('750');
    // The bytes behind an address never change, and so neither does their size: with the row gone,
    // the page rendered anew (another address of it, past the read cache) still says it.
    const deleted = await t.app.db
      .delete(images)
      .where(eq(images.key, banner.url.split('/uploads/')[1]!))
      .returning();
    expect(deleted).toHaveLength(1);
    expect(imageTags(await page(`/blog/${blogId}?again`)).height).toBe('750');
  });

  it('share a banner that is no image of ours as it is, without a size it does not know', async () => {
    const blogId = await buildBlog(t.app, author, { title: 'Elsewhere', banner: '/uploads/banner.webp' });
    expect(imageTags(await page(`/blog/${blogId}`))).toEqual({
      url: `${ORIGIN}/uploads/banner.webp`,
      type: undefined,
      width: undefined,
      height: undefined,
      alt: 'Banner of “Elsewhere”',
      twitter: `${ORIGIN}/uploads/banner.webp`,
      twitterAlt: 'Banner of “Elsewhere”',
    });
  });

  it('keep a hostile title inert in every tag, and the JSON-LD block closed only by its own end tag', async () => {
    const blogId = await buildBlog(t.app, author, { title: HOSTILE, des: HOSTILE, tags: [HOSTILE.slice(0, 40)] });
    const html = await page(`/blog/${blogId}`);
    expect(html).not.toContain('<script>alert(1)');
    // The JSON-LD and the site's identity for the web app: data blocks, no script runs.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(jsonLd(html)[0]).toMatchObject({ headline: HOSTILE, description: HOSTILE });
    expect(meta(html, 'og:title')).toBe(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &quot;quoted&quot; &amp;',
    );
  });

  it('show no tags of a draft, only the site’s feeds', async () => {
    const draftId = await buildBlog(t.app, author, { title: 'Secret plans', draft: true });
    const html = await page(`/blog/${draftId}`, 404);
    expect(html).not.toContain('Secret plans');
    expect(jsonLd(html)).toEqual([]);
    expect(feedLinks(html)).toEqual(siteFeeds);
  });
});

describe('head tags of a profile', () => {
  it('say og:type profile, offer the author’s feeds and describe a ProfilePage of a Person, its square picture in a summary card', async () => {
    const user = await buildUser(t.app, { fullname: HOSTILE });
    await post(
      t.app,
      '/api/user/update-profile',
      { username: user.username, bio: 'I walk.', social_links: { website: 'https://ann.example/' } },
      user.token,
    );
    const html = await page(`/user/${user.username}`);
    const url = `${ORIGIN}/user/${user.username}`;
    const picture = `${ORIGIN}/api/avatar/${user.username}.png`;
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(imageTags(html)).toEqual({
      url: picture,
      type: 'image/png',
      width: '480',
      height: '480',
      alt: `Profile picture of ${escapeHtml(HOSTILE)}`,
      twitter: picture,
      twitterAlt: `Profile picture of ${escapeHtml(HOSTILE)}`,
    });
    expect(meta(html, 'profile:username')).toBe(user.username);
    expect(html).not.toContain('<script>alert(1)');
    expect(feedLinks(html).map((link) => link.href)).toEqual(
      [...siteFeeds, ...authorFeeds(user, '')].map((link) => link.href),
    );
    const [ld] = jsonLd(html);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      dateCreated: ld.dateCreated,
      mainEntity: {
        '@type': 'Person',
        name: HOSTILE,
        alternateName: `@${user.username}`,
        url,
        image: picture,
        description: 'I walk.',
        sameAs: ['https://ann.example/'],
      },
    });
    expect(Date.parse(ld.dateCreated)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('head tags of the home page', () => {
  it('describe the WebSite and its search, and offer the site’s feeds, on every page of its list', async () => {
    for (const url of ['/', '/?page=2']) {
      const html = await page(url);
      expect(html).toContain('<title>Inkwell</title>');
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
      expect(meta(html, 'og:type')).toBe('website');
      expect(imageTags(html)).toEqual({
        url: expect.stringMatching(SHARE_CARD),
        type: 'image/png',
        width: '1200',
        height: '630',
        alt: 'Inkwell — Read and write blogs.',
        twitter: expect.stringMatching(SHARE_CARD),
        twitterAlt: 'Inkwell — Read and write blogs.',
      });
      expect(feedLinks(html)).toEqual(siteFeeds);
      expect(jsonLd(html)).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: 'Inkwell',
          description: 'Read and write blogs.',
          inLanguage: 'en',
          url: `${ORIGIN}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/search/{search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ]);
    }
  });

  it('leave every other page with the site’s feeds', async () => {
    for (const url of ['/editor', '/search/tea', '/no/such/page'])
      expect(feedLinks(await page(url))).toEqual(siteFeeds);
  });
});
