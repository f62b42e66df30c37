import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogCard, Limits, SEARCH_BLOGS_MAX_LIMIT } from '@inkwell/contracts';
import { blogs } from '../../db/schema/index.ts';
import { SEARCH_CANDIDATES, TYPO_SEARCH_BELOW } from './blog-lists.repository.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.app, { fullname: 'Lists Author' });
});
afterAll(() => t.close());

type Card = ReturnType<typeof BlogCard.parse>;
const CARD_KEYS = Object.keys(BlogCard.shape).sort();
/** Tags are lower-case and at most 50 characters; each test gets its own. */
const uniqueTag = () => `t${randomBytes(6).toString('hex')}`;

async function list(url: string, body: object): Promise<Card[]> {
  const res = await post(t.app, url, body);
  expect(res.statusCode, res.body).toBe(200);
  const cards = res.json().blogs as Card[];
  // Card fields only: never the content, the draft flag or the internal id.
  for (const card of cards) expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
  return cards;
}
const total = async (url: string, body: object = {}) => (await post(t.app, url, body)).json().totalDocs as number;

/** Every page of a list until one comes back short. */
async function allPages(url: string, body: object, size: number): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 1; ; page++) {
    const batch = await list(url, { ...body, page });
    cards.push(...batch);
    if (batch.length < size) return cards;
  }
}

const setBlog = (blogId: string, values: Partial<typeof blogs.$inferInsert>) =>
  t.app.db.update(blogs).set(values).where(eq(blogs.blogId, blogId));
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('latest-blogs and all-latest-blogs-count', () => {
  it('page through every published blog, newest first, as many as the count says, never a draft', async () => {
    const drafts = [
      await buildBlog(t.app, author, { draft: true, title: 'Hidden draft one' }),
      await buildBlog(t.app, author, { draft: true }),
    ];
    const published: string[] = [];
    for (let i = 0; i < Limits.pageSize + 3; i++)
      published.push(await buildBlog(t.app, author, { title: `Latest ${i}` }));

    const count = await total('/api/blog/all-latest-blogs-count');
    const cards = await allPages('/api/blog/latest-blogs', {}, Limits.pageSize);
    expect(cards).toHaveLength(count);
    const ids = cards.map((c) => c.blog_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, published.length)).toEqual([...published].reverse());
    for (const draft of drafts) expect(ids).not.toContain(draft);
    const times = cards.map((c) => Date.parse(c.publishedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(cards[0]).toMatchObject({
      title: `Latest ${published.length - 1}`,
      author: { personal_info: { fullname: 'Lists Author', username: author.username } },
      activity: { total_likes: 0, total_comments: 0, total_parent_comments: 0, total_reads: 0 },
    });
  });

  it('takes page 1 by default and refuses a page that is not a positive integer', async () => {
    expect(await list('/api/blog/latest-blogs', {})).toEqual(await list('/api/blog/latest-blogs', { page: 1 }));
    for (const page of [0, -1, 1.5, '2']) {
      const res = await post(t.app, '/api/blog/latest-blogs', { page });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^page must be /);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('search-blogs and search-blogs-count by tag, author and blog to leave out', () => {
  it('pages a tag against its count, leaving drafts out', async () => {
    const tag = uniqueTag();
    const mine: string[] = [];
    for (let i = 0; i < 12; i++) mine.push(await buildBlog(t.app, author, { tags: ['cooking', tag.toUpperCase()] }));
    await buildBlog(t.app, author, { tags: [tag], draft: true });
    await buildBlog(t.app, author, { tags: [`${tag}x`] });

    expect(await total('/api/blog/search-blogs-count', { tag })).toBe(12);
    const cards = await allPages('/api/blog/search-blogs', { tag }, Limits.pageSize);
    expect(cards.map((c) => c.blog_id)).toEqual([...mine].reverse());
    // Tags are stored trimmed and lower case, and a tag filter is read the same way.
    expect(await total('/api/blog/search-blogs-count', { tag: ` ${tag.toUpperCase()} ` })).toBe(12);

    // A blog page's similar blogs: the newest of its tag but itself; a blog_id that names no blog leaves out nothing.
    const similar = await list('/api/blog/search-blogs', { tag, eliminate_blog: mine[11], limit: 3 });
    expect(similar.map((c) => c.blog_id)).toEqual(mine.slice(8, 11).reverse());
    const none = await list('/api/blog/search-blogs', { tag, eliminate_blog: 'no-such-blog', limit: 3 });
    expect(none.map((c) => c.blog_id)).toEqual(mine.slice(9).reverse());
    const secondPage = await list('/api/blog/search-blogs', { tag, eliminate_blog: mine[11], limit: 3, page: 2 });
    expect(secondPage.map((c) => c.blog_id)).toEqual(mine.slice(5, 8).reverse());
  });

  it.each<[string, (writer: TestUser) => Promise<string>, string]>([
    ['username, in any case', async (writer) => writer.username.toUpperCase(), 'nobody-by-this-name'],
    [
      '_id, as get-profile answers it (what the profile page of a client written to the tutorial sends)',
      async (writer) => (await post(t.app, '/api/user/get-profile', { username: writer.username })).json()._id,
      '00000000-0000-4000-8000-000000000000',
    ],
  ])(
    'finds an author’s published blogs by %s, and honours limit and eliminate_blog',
    async (_form, authorOf, nobody) => {
      const writer = await buildUser(t.app);
      const own = [];
      for (let i = 0; i < 7; i++) own.push(await buildBlog(t.app, writer, { title: `By writer ${i}` }));
      await buildBlog(t.app, writer, { draft: true });
      await buildBlog(t.app, author);

      const byWriter = await authorOf(writer);
      expect(await total('/api/blog/search-blogs-count', { author: byWriter })).toBe(7);
      const firstSix = await list('/api/blog/search-blogs', { author: byWriter, limit: 6 });
      expect(firstSix.map((c) => c.blog_id)).toEqual(own.slice(1).reverse());
      const rest = await list('/api/blog/search-blogs', { author: byWriter, limit: 6, page: 2 });
      expect(rest.map((c) => c.blog_id)).toEqual([own[0]]);

      const similar = await list('/api/blog/search-blogs', { author: byWriter, eliminate_blog: own[6], limit: 6 });
      expect(similar.map((c) => c.blog_id)).toEqual(own.slice(0, 6).reverse());
      expect(await total('/api/blog/search-blogs-count', { author: nobody })).toBe(0);
      expect(await list('/api/blog/search-blogs', { author: nobody })).toEqual([]);
    },
  );

  it('combines filters, and refuses a limit over the maximum', async () => {
    const tag = uniqueTag();
    const writer = await buildUser(t.app);
    const wanted = await buildBlog(t.app, writer, { tags: [tag] });
    await buildBlog(t.app, author, { tags: [tag] });
    expect((await list('/api/blog/search-blogs', { tag, author: writer.username })).map((c) => c.blog_id)).toEqual([
      wanted,
    ]);

    const res = await post(t.app, '/api/blog/search-blogs', { tag, limit: SEARCH_BLOGS_MAX_LIMIT + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^limit must be at most /);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('search-blogs by query', () => {
  const search = (query: string, extra: object = {}) => list('/api/blog/search-blogs', { query, ...extra });

  it('ranks a title match above a tag match above a description match', async () => {
    const word = `zorblax${randomBytes(3).toString('hex')}`;
    const inDescription = await buildBlog(t.app, author, {
      title: 'Quiet evening',
      des: `Thoughts on ${word} and more.`,
    });
    const inTag = await buildBlog(t.app, author, { title: 'Another evening', tags: [word] });
    const inTitle = await buildBlog(t.app, author, { title: `All about ${word}` });
    await buildBlog(t.app, author, { title: `Draft about ${word}`, draft: true });

    expect((await search(word)).map((c) => c.blog_id)).toEqual([inTitle, inTag, inDescription]);
    expect(await total('/api/blog/search-blogs-count', { query: word })).toBe(3);
  });

  it('finds words by their stem and across fields', async () => {
    const tag = uniqueTag();
    const blog = await buildBlog(t.app, author, {
      title: 'Gardening in small spaces',
      des: 'Balcony tomatoes.',
      tags: [tag],
    });
    for (const query of ['garden', 'GARDENS', 'balcony tomato', `  small   spaces `]) {
      expect((await search(query, { tag })).map((c) => c.blog_id)).toEqual([blog]);
    }
  });

  it('forgives a typo in a title: "progamming" finds programming', async () => {
    const tag = uniqueTag();
    const blog = await buildBlog(t.app, author, { title: 'Programming for poets', tags: [tag] });
    await buildBlog(t.app, author, { title: 'Knitting for beginners', tags: [tag] });
    expect((await search('progamming', { tag })).map((c) => c.blog_id)).toEqual([blog]);
    expect((await search('Programing poets', { tag })).map((c) => c.blog_id)).toEqual([blog]);
    expect(await total('/api/blog/search-blogs-count', { query: 'progamming', tag })).toBe(1);
  });

  it('forgives a typo in a word a title gained when edited, but finds nothing for a query with a word found nowhere', async () => {
    const tag = uniqueTag();
    const word = `lanternfish${randomBytes(3).toString('hex')}`;
    const blog = await buildBlog(t.app, author, { title: 'Knitting for winter', tags: [tag] });
    const typo = `${word.slice(0, 3)}${word.slice(4)}`;
    expect(await search(typo, { tag })).toEqual([]);
    await buildBlog(t.app, author, { id: blog, title: `Knitting a ${word}`, tags: [tag] });
    expect((await search(typo, { tag })).map((c) => c.blog_id)).toEqual([blog]);
    expect(await search(`${typo} zzqqxxvv`, { tag })).toEqual([]);
    expect(await total('/api/blog/search-blogs-count', { query: typo, tag })).toBe(1);
  });

  it('looks for titles like the words only when the words found fewer than TYPO_SEARCH_BELOW blogs', async () => {
    const word = `quillmark${randomBytes(3).toString('hex')}`;
    const typo = `${word.slice(0, 4)}${word.slice(5)}`;
    const [few, many] = [uniqueTag(), uniqueTag()];
    for (const tag of [few, many]) await buildBlog(t.app, author, { title: `A note on ${typo}`, tags: [tag] });
    await buildBlog(t.app, author, { title: `All about ${word}`, tags: [few] });
    for (let i = 0; i < TYPO_SEARCH_BELOW; i++) await buildBlog(t.app, author, { title: `${word} ${i}`, tags: [many] });
    expect(await total('/api/blog/search-blogs-count', { query: word, tag: few })).toBe(2);
    expect(await total('/api/blog/search-blogs-count', { query: word, tag: many })).toBe(TYPO_SEARCH_BELOW);
  });

  it('treats hostile text as data: never an error, never everything', async () => {
    const literal = await buildBlog(t.app, author, { title: 'Regex (a+)+$ explained' });
    const published = await total('/api/blog/all-latest-blogs-count');
    const hostile = [
      '%',
      '_',
      '%%',
      '.*',
      '(a+)+$',
      '*',
      ':*',
      '!',
      '& |',
      '<->',
      '\\',
      "'",
      '"',
      "' or 1=1 --",
      '"; drop table blogs; --',
      'a:*',
      '!!a',
      '(',
      ')',
      '[',
      '{}',
      '😀',
      '\u200f\u200e',
      '\u202e',
      '\t\n',
      ' ',
      '',
    ];
    for (const query of hostile) {
      const res = await post(t.app, '/api/blog/search-blogs', { query });
      expect([200, 400], `${JSON.stringify(query)}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const count = await total('/api/blog/search-blogs-count', { query });
        expect(count, JSON.stringify(query)).toBeLessThan(published);
        expect(res.json().blogs.length).toBeLessThanOrEqual(count);
      }
    }
    // The words inside the punctuation are still searched.
    expect((await search('(a+)+$ regex')).map((c) => c.blog_id)).toContain(literal);
  });

  it('ranks within the newest SEARCH_CANDIDATES matches, and pages through exactly as many as its count', async () => {
    const word = `capword${randomBytes(3).toString('hex')}`;
    const [row] = await t.app.db.select({ id: blogs.authorId }).from(blogs).limit(1);
    const count = SEARCH_CANDIDATES + 5;
    await t.app.db.insert(blogs).values(
      Array.from({ length: count }, (_, i) => ({
        blogId: `${word}-${i}`,
        authorId: row!.id,
        title: `Notes ${word} ${i}`,
        content: { blocks: [] },
        publishedAt: daysAgo(count - i),
      })),
    );
    expect(await total('/api/blog/search-blogs-count', { query: word })).toBe(SEARCH_CANDIDATES);
    const cards = await allPages(
      '/api/blog/search-blogs',
      { query: word, limit: SEARCH_BLOGS_MAX_LIMIT },
      SEARCH_BLOGS_MAX_LIMIT,
    );
    expect(cards).toHaveLength(SEARCH_CANDIDATES);
    const ids = new Set(cards.map((c) => c.blog_id));
    expect(ids.size).toBe(SEARCH_CANDIDATES);
    // The five oldest fall outside the set.
    for (let i = 0; i < 5; i++) expect(ids).not.toContain(`${word}-${i}`);
  });

  it('cuts a query after 200 characters, refuses absurd lengths and NUL characters', async () => {
    const tag = uniqueTag();
    const blog = await buildBlog(t.app, author, { title: 'Sourdough starters', tags: [tag] });
    // Answered, not refused: its second word, cut at 190 x's, is found nowhere, so nothing is found.
    const long = `sourdough ${'x'.repeat(9_000)}`;
    expect(await search(long, { tag })).toEqual([]);
    // Past the cut, the words do not matter.
    expect((await search(`${'sourdough '.repeat(20)}unmatchedword`, { tag })).map((c) => c.blog_id)).toEqual([blog]);

    const huge = await post(t.app, '/api/blog/search-blogs', { query: 'x'.repeat(10_001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatch(/^query is too long /);
    expect(huge.json().code).toBe('validation_failed');
    const nul = await post(t.app, '/api/blog/search-blogs', { query: 'sour\u0000dough' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: 'Text may not contain NUL characters', code: 'nul_character' });
  });
});

describe('trending-blogs', () => {
  const trending = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/trending-blogs' });
    expect(res.statusCode).toBe(200);
    return res.json().blogs as Card[];
  };

  it('orders the top 10 by reads and likes decaying with age, so an old hit does not stay on top', async () => {
    const oldHit = await buildBlog(t.app, author, { title: 'Last year hit' });
    const fresh = await buildBlog(t.app, author, { title: 'Fresh and liked' });
    const weekOld = await buildBlog(t.app, author, { title: 'A week old' });
    const readOnly = await buildBlog(t.app, author, { title: 'Fresh and read' });
    const draft = await buildBlog(t.app, author, { title: 'Draft everyone reads', draft: true });
    await setBlog(oldHit, { publishedAt: daysAgo(365), totalReads: 1_000_000, totalLikes: 100_000 });
    // Same reads and age: likes weigh more than reads.
    await setBlog(fresh, { publishedAt: daysAgo(1), totalReads: 500, totalLikes: 100 });
    await setBlog(readOnly, { publishedAt: daysAgo(1), totalReads: 700, totalLikes: 0 });
    // score = (1 + reads + 3 × likes) × 0.5^(days / 7): fresh 801 × 0.91 ≈ 726, read-only 701 × 0.91 ≈ 635,
    // and a week older with more of both only 1301 × 0.45 ≈ 589.
    await setBlog(weekOld, { publishedAt: daysAgo(8), totalReads: 1000, totalLikes: 100 });
    await setBlog(draft, { totalReads: 10_000_000 });

    const top = await trending();
    expect(top.length).toBeLessThanOrEqual(Limits.trendingSize);
    const ids = top.map((c) => c.blog_id);
    expect(ids.slice(0, 3)).toEqual([fresh, readOnly, weekOld]);
    expect(ids).not.toContain(oldHit);
    expect(ids).not.toContain(draft);
    expect(Object.keys(top[0]!).sort()).toEqual(CARD_KEYS);
  });
});
