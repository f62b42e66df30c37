import { parseAtomFeed, parseFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeMarkup } from '../../hostile/inert-html.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';
import { FEED_SIZE } from './feeds.service.ts';

const ORIGIN = 'https://blog.example.org';
const HOSTILE_TITLE = '</title><script>alert(1)</script><img src=x onerror=alert(2)> & "tea"';
const HOSTILE_NAME = '<img src=x onerror=alert(3)> Eve';

let t: TestApp;
let author: TestUser;
let eve: TestUser;
let richId: string;
let hostileId: string;
let draftId: string;
const tag = `walks${uniqueId()}`;

/** One block of every type the editor writes, with every inline tool and a hostile paragraph. */
const richContent = [
  {
    blocks: [
      { type: 'header', data: { text: 'Getting there', level: 2 } },
      {
        type: 'paragraph',
        data: {
          text: 'We left <b>early</b>, <mark class="cdx-marker">maps</mark> and <code class="inline-code">gps()</code>, <a href="https://example.com/">guide</a>.',
        },
      },
      { type: 'paragraph', data: { text: 'Safe<script>alert(1)</script><img src=x onerror=alert(2)> text' } },
      { type: 'image', data: { file: { url: '/uploads/abc123.webp' }, caption: 'The ridge' } },
      { type: 'quote', data: { text: 'Walk on.', caption: 'A walker', alignment: 'left' } },
      {
        type: 'list',
        data: { style: 'ordered', items: [{ content: 'Boots', items: [{ content: 'Laced', items: [] }] }] },
      },
      { type: 'link', data: { link: 'https://hills.example/route', meta: { title: 'The route' } } },
      {
        type: 'embed',
        data: {
          service: 'youtube',
          source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
          caption: 'Video',
        },
      },
    ],
  },
];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: ORIGIN });
  author = await buildUser(t.app, { fullname: 'Ann Walker' });
  eve = await buildUser(t.app, { fullname: HOSTILE_NAME });
  richId = await buildBlog(t.app, author, {
    title: 'A walk',
    des: 'Up the hill.',
    content: richContent,
    tags: [tag, 'travel'],
  });
  hostileId = await buildBlog(t.app, eve, { title: HOSTILE_TITLE, des: '<b>bold</b> claims', tags: [tag] });
  draftId = await buildBlog(t.app, author, { title: 'Secret draft', draft: true, tags: [`secret${uniqueId()}`] });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function fetchFeed(url: string, type: RegExp) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(type);
  return res.body;
}

const blogUrl = (blogId: string) => `${ORIGIN}/blog/${blogId}`;

/** A Last-Modified is sent once the second of the last change is over (visibility's listing-changes.ts): the next second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));

describe('the site feed', () => {
  it('is Atom 1.0 with stable ids, links, dates, authors and each blog’s whole HTML', async () => {
    const feed = parseAtomFeed(await fetchFeed('/feed.xml', /^application\/atom\+xml/));
    expect(feed.id).toBe(`${ORIGIN}/feed.xml`);
    expect(feed.links).toEqual(
      expect.arrayContaining([expect.objectContaining({ rel: 'self', href: `${ORIGIN}/feed.xml` })]),
    );
    const entry = feed.entries!.find((e) => e.id === blogUrl(richId))!;
    expect(entry.title).toEqual({ type: 'html', value: 'A walk' });
    expect(entry.links![0]!.href).toBe(blogUrl(richId));
    expect(entry.authors).toEqual([{ name: 'Ann Walker', uri: `${ORIGIN}/user/${author.username}` }]);
    expect(Date.parse(entry.published!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(entry.updated!)).toBeGreaterThanOrEqual(Date.parse(entry.published!));
    expect(entry.categories!.map((c) => c.term)).toEqual([tag, 'travel']);
    const html = entry.content!.value!;
    for (const piece of [
      '<h2>Getting there</h2>',
      '<b>early</b>',
      '<mark class="cdx-marker">maps</mark>',
      '<code class="inline-code">gps()</code>',
      '<a href="https://example.com/" rel="noopener noreferrer nofollow">guide</a>',
      `<img src="${ORIGIN}/uploads/abc123.webp" alt="The ridge">`,
      '<blockquote>Walk on.</blockquote>',
      '<ol><li>Boots<ol><li>Laced</li></ol></li></ol>',
      '<a href="https://hills.example/route" rel="noopener noreferrer nofollow">The route</a>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"',
      `<img src="${ORIGIN}/uploads/banner.webp" alt="">`,
      '<p>Safe text</p>',
    ]) {
      expect(html).toContain(piece);
    }
    expect(html).not.toMatch(/<script|onerror|alert/i);
  });

  it('is JSON Feed 1.1 with the same entries', async () => {
    const feed = parseJsonFeed(JSON.parse(await fetchFeed('/feed.json', /^application\/feed\+json/)));
    expect(feed.feed_url).toBe(`${ORIGIN}/feed.json`);
    expect(feed.home_page_url).toBe(`${ORIGIN}/`);
    const item = feed.items!.find((i) => i.id === blogUrl(richId))!;
    expect(item).toMatchObject({
      url: blogUrl(richId),
      title: 'A walk',
      summary: 'Up the hill.',
      tags: [tag, 'travel'],
      image: `${ORIGIN}/uploads/banner.webp`,
    });
    expect(item.authors).toEqual([{ name: 'Ann Walker', url: `${ORIGIN}/user/${author.username}` }]);
    expect(item.content_html).toContain('<ol><li>Boots<ol><li>Laced</li></ol></li></ol>');
    expect(Date.parse(item.date_published!)).toBeLessThanOrEqual(Date.parse(item.date_modified!));
  });

  it('is RSS 2.0 with guids, links, dates and content', async () => {
    const feed = parseRssFeed(await fetchFeed('/rss.xml', /^application\/rss\+xml/));
    const item = feed.items!.find((i) => i.link === blogUrl(richId))!;
    expect(item.guid?.value).toBe(blogUrl(richId));
    expect(item.title).toBe('A walk');
    expect(Date.parse(item.pubDate!)).toBeGreaterThan(Date.now() - 60_000);
    expect(item.content?.encoded).toContain('<blockquote>Walk on.</blockquote>');
  });

  it('names each RSS item’s author in dc:creator, RSS 2.0’s <author> being an e-mail address', async () => {
    const body = await fetchFeed('/rss.xml', /rss/);
    expect(body).not.toContain('<author>');
    const items = parseRssFeed(body).items!;
    expect(items.find((i) => i.link === blogUrl(richId))!.dc?.creators).toEqual(['Ann Walker']);
    expect(items.find((i) => i.link === blogUrl(hostileId))!.dc?.creators).toEqual([HOSTILE_NAME]);
  });

  it('keeps a hostile title and name inert: text in JSON Feed, escaped HTML in Atom and RSS', async () => {
    const json = parseJsonFeed(JSON.parse(await fetchFeed('/feed.json', /json/)));
    const jsonItem = json.items!.find((i) => i.id === blogUrl(hostileId))!;
    expect(jsonItem.title).toBe(HOSTILE_TITLE);
    expect(jsonItem.authors![0]!.name).toBe(HOSTILE_NAME);
    const atom = parseAtomFeed(await fetchFeed('/feed.xml', /atom/));
    const entry = atom.entries!.find((e) => e.id === blogUrl(hostileId))!;
    const rss = parseRssFeed(await fetchFeed('/rss.xml', /rss/));
    const item = rss.items!.find((i) => i.link === blogUrl(hostileId))!;
    for (const html of [entry.title!.value, entry.summary!.value, item.title!, item.description!])
      expect(unsafeMarkup(html)).toEqual([]);
    expect(entry.title!.value).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;tea&quot;',
    );
    expect(entry.authors![0]!.name).toBe(HOSTILE_NAME);
  });

  it('never carries a draft', async () => {
    for (const [url, type] of [
      ['/feed.xml', /atom/],
      ['/feed.json', /json/],
      ['/rss.xml', /rss/],
    ] as const) {
      const body = await fetchFeed(url, type);
      expect(body).not.toContain(draftId);
      expect(body).not.toContain('Secret draft');
    }
  });
});

describe('an author’s feed', () => {
  it('holds only that author’s newest blogs, whatever the case of the name in its URL', async () => {
    const feed = parseJsonFeed(JSON.parse(await fetchFeed(`/user/${author.username.toUpperCase()}/feed.json`, /json/)));
    expect(feed.title).toBe(`Ann Walker (@${author.username}) on Inkwell`);
    expect(feed.feed_url).toBe(`${ORIGIN}/user/${author.username}/feed.json`);
    expect(feed.items!.map((i) => i.id)).toEqual([blogUrl(richId)]);
    const atom = parseAtomFeed(await fetchFeed(`/user/${author.username}/feed.xml`, /atom/));
    expect(atom.entries!.map((e) => e.id)).toEqual([blogUrl(richId)]);
    const rss = parseRssFeed(await fetchFeed(`/user/${author.username}/rss.xml`, /rss/));
    expect(rss.items!.map((i) => i.link)).toEqual([blogUrl(richId)]);
  });

  it(`keeps the newest ${FEED_SIZE}`, async () => {
    const prolific = await buildUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i <= FEED_SIZE; i++) ids.push(await buildBlog(t.app, prolific, { title: `Post ${i}` }));
    const feed = parseJsonFeed(JSON.parse(await fetchFeed(`/user/${prolific.username}/feed.json`, /json/)));
    expect(feed.items!.map((i) => i.id)).toEqual(ids.slice(1).reverse().map(blogUrl));
  });

  it('dates an author with no blog yet by their joining, not 1970', async () => {
    const newcomer = await buildUser(t.app);
    const joinedAt = Date.parse(
      (await post(t.app, '/api/user/get-profile', { username: newcomer.username })).json().joinedAt,
    );
    const atom = parseAtomFeed(await fetchFeed(`/user/${newcomer.username}/feed.xml`, /atom/));
    expect(atom.entries ?? []).toEqual([]);
    expect(Date.parse(atom.updated!)).toBe(joinedAt);
    const rss = parseRssFeed(await fetchFeed(`/user/${newcomer.username}/rss.xml`, /rss/));
    // An RSS date has whole seconds.
    expect(Date.parse(rss.lastBuildDate!)).toBe(Math.floor(joinedAt / 1000) * 1000);
    // JSON Feed dates its items only: an empty one has no date to get wrong.
    const json = await fetchFeed(`/user/${newcomer.username}/feed.json`, /json/);
    expect(json).not.toContain('1970');
  });

  it('is 404 for an unknown author', async () => {
    for (const file of ['feed.xml', 'feed.json', 'rss.xml']) {
      const res = await get(`/user/nobody-${uniqueId()}/${file}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found', code: 'user_not_found' });
    }
  });
});

describe('a tag’s feed', () => {
  it('holds the newest published blogs with the tag, in any case of the tag', async () => {
    const feed = parseAtomFeed(await fetchFeed(`/tag/${tag.toUpperCase()}/feed.xml`, /atom/));
    expect(feed.id).toBe(`${ORIGIN}/tag/${tag}/feed.xml`);
    expect(feed.title!.value).toBe(`#${tag} on Inkwell`);
    expect(feed.entries!.map((e) => e.id)).toEqual([blogUrl(hostileId), blogUrl(richId)]);
  });

  it('links to the tag’s page, the home page’s list of the tag, in every format', async () => {
    const page = `${ORIGIN}/?tag=${tag}`;
    const atom = parseAtomFeed(await fetchFeed(`/tag/${tag}/feed.xml`, /atom/));
    expect(atom.links).toEqual(expect.arrayContaining([expect.objectContaining({ rel: 'alternate', href: page })]));
    expect(parseRssFeed(await fetchFeed(`/tag/${tag}/rss.xml`, /rss/)).link).toBe(page);
    expect(parseJsonFeed(JSON.parse(await fetchFeed(`/tag/${tag}/feed.json`, /json/))).home_page_url).toBe(page);
  });

  it('is 404 for a tag no published blog carries, a draft’s tag included', async () => {
    const draftTag = `secret${uniqueId()}`;
    await buildBlog(t.app, author, { draft: true, tags: [draftTag] });
    for (const url of [`/tag/${draftTag}/feed.json`, `/tag/nothing${uniqueId()}/rss.xml`, '/tag/%20/feed.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Tag not found', code: 'tag_not_found' });
    }
  });
});

describe('conditional requests', () => {
  it('answer 304 to a current ETag or date, and 200 with new validators after an edit', async () => {
    const writer = await buildUser(t.app);
    const blogId = await buildBlog(t.app, writer);
    const url = `/user/${writer.username}/feed.xml`;
    await nextSecond();
    const first = await get(url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);

    const validators: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", ${etag}` },
      { 'if-modified-since': lastModified },
    ];
    for (const headers of validators) {
      const res = await get(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(304);
      expect(res.body).toBe('');
    }
    // If-None-Match decides when present (RFC 9110): a stale tag gets the feed whatever the date says.
    expect((await get(url, { 'if-none-match': '"stale"', 'if-modified-since': lastModified })).statusCode).toBe(200);
    expect(
      (await get(url, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode,
    ).toBe(200);

    const edit = await post(
      t.app,
      '/api/blog/create-blog',
      { ...publishableBlog({ title: 'Edited' }), id: blogId },
      writer.token,
    );
    expect(edit.statusCode).toBe(200);
    await nextSecond();
    const after = await get(url, { 'if-none-match': etag, 'if-modified-since': lastModified });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(Date.parse(String(after.headers['last-modified']))).toBeGreaterThan(Date.parse(lastModified));
    expect(parseAtomFeed(after.body).entries![0]!.title!.value).toBe('Edited');
  });
});

describe('every feed, read by a feed parser we did not write', () => {
  it('parses as its format, each entry with its id, link, title and dates, for the site, an author and a tag', async () => {
    const formats = { 'feed.xml': 'atom', 'rss.xml': 'rss', 'feed.json': 'json' } as const;
    for (const base of ['', `/user/${author.username}`, `/tag/${tag}`]) {
      for (const [file, format] of Object.entries(formats)) {
        const res = await get(`${base}/${file}`);
        expect(res.statusCode, `${base}/${file}`).toBe(200);
        const parsed = parseFeed(format === 'json' ? JSON.parse(res.body) : res.body);
        expect(parsed.format, `${base}/${file}`).toBe(format);
        const entries = (
          parsed.format === 'atom'
            ? parsed.feed.entries!.map((e) => [e.id, e.links?.[0]?.href, e.title?.value, e.updated])
            : parsed.format === 'rss'
              ? parsed.feed.items!.map((i) => [i.guid?.value, i.link, i.title, i.pubDate])
              : parsed.format === 'json'
                ? parsed.feed.items!.map((i) => [i.id, i.url, i.title, i.date_modified])
                : []
        ) as (string | undefined)[][];
        expect(entries.length, `${base}/${file}`).toBeGreaterThan(0);
        for (const [id, link, title, date] of entries) {
          expect(link).toBe(id);
          expect(title).toBeTruthy();
          expect(Number.isNaN(Date.parse(date!))).toBe(false);
        }
      }
    }
  });
});

describe('validators after a removal', () => {
  it('move on: a client holding the old Last-Modified gets each feed again, without the blog', async () => {
    const writer = await buildUser(t.app);
    const removalTag = `gone${uniqueId()}`;
    const kept = await buildBlog(t.app, writer, { title: 'Kept', tags: [removalTag] });
    const removed = await buildBlog(t.app, writer, { title: 'Taken back', tags: [removalTag] });
    const urls = ['/feed.xml', `/user/${writer.username}/rss.xml`, `/tag/${removalTag}/feed.json`];
    await nextSecond();
    const before = new Map<string, string>();
    for (const url of urls) {
      const res = await get(url);
      expect(res.body, url).toContain(blogUrl(removed));
      before.set(url, String(res.headers['last-modified']));
      expect(Date.parse(before.get(url)!), url).toBeGreaterThan(0);
    }

    const takeBack = { ...publishableBlog({ title: 'Taken back' }), id: removed, draft: true };
    expect((await post(t.app, '/api/blog/create-blog', takeBack, writer.token)).statusCode).toBe(200);
    for (const url of urls) {
      const res = await get(url, { 'if-modified-since': before.get(url)! });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(blogUrl(removed));
      expect(res.body, url).toContain(blogUrl(kept));
    }
    await nextSecond();
    for (const url of urls) {
      const res = await get(url, { 'if-modified-since': before.get(url)! });
      expect(res.statusCode, url).toBe(200);
      const after = String(res.headers['last-modified']);
      expect(Date.parse(after), url).toBeGreaterThan(Date.parse(before.get(url)!));
      expect((await get(url, { 'if-modified-since': after })).statusCode, url).toBe(304);
    }
  });
});

describe('validators after a new username', () => {
  it('move on: the site feed, which links the author’s profile, comes again with the new address', async () => {
    const writer = await buildUser(t.app);
    await buildBlog(t.app, writer);
    await nextSecond();
    const lastModified = String((await get('/feed.json')).headers['last-modified']);
    const username = `renamed${uniqueId()}`.slice(0, 20);
    const noLinks = { instagram: '', facebook: '', twitter: '', website: '', linkedin: '', github: '' };
    const renamed = await post(
      t.app,
      '/api/user/update-profile',
      { username, bio: '', social_links: noLinks },
      writer.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    await nextSecond();
    const res = await get('/feed.json', { 'if-modified-since': lastModified });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${ORIGIN}/user/${username}`);
    expect(Date.parse(String(res.headers['last-modified']))).toBeGreaterThan(Date.parse(lastModified));
  });
});

describe('a 304', () => {
  it('varies on Accept-Encoding as the feed it confirms does, answered by the route and from the read cache', async () => {
    const url = `/user/${author.username}/feed.xml`;
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const conditional = { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) };
    // The second is a hit of the read cache; a bearer token passes it by, to the route.
    for (const headers of [conditional, { ...conditional, ...bearer(eve.token) }]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(304);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });
});
