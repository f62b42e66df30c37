import { ErrorMessages, Messages, type ErrorCode } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let writer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  writer = await buildUser(t.app);
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, user: TestUser | null = writer) =>
  post(t.app, '/api/blog/create-blog', body, user?.token);

const getAsAuthor = async (blogId: string, user = writer) => {
  const res = await post(t.app, '/api/blog/get-blog', { blog_id: blogId, mode: 'edit' }, user.token);
  expect(res.statusCode).toBe(200);
  return res.json().blog;
};

const editorOutput = (blocks: unknown[]) => ({ time: 1, version: '2.31.0', blocks });

/**
 * The two forms of create-blog's `content`: docs/product/data.md's array, and the editor's saved output itself
 * (what a client posting Editor.js's `save()` sends). `at` is where a refusal names the first block.
 */
const contentForms = [
  { form: 'the docs/product/data.md array', wrap: (output: object): unknown => [output], at: 'content.0.blocks.0' },
  { form: 'the editor’s saved output', wrap: (output: object): unknown => output, at: 'content.blocks.0' },
];

/** A blog that passes every publish rule, its content in the form `wrap` makes. */
const blogWithContent = (wrap: (output: object) => unknown, overrides: Record<string, unknown> = {}) =>
  publishableBlog({ content: wrap((publishableBlog().content as object[])[0]!), ...overrides });

async function totalPosts(user: TestUser): Promise<number> {
  const [row] = await queryRows<{ total_posts: number }>(
    t.app.db,
    sql`select total_posts from users where username = ${user.username}`,
  );
  return Number(row!.total_posts);
}

async function expectError(body: Record<string, unknown>, status: number, error: string | RegExp, code: ErrorCode) {
  const res = await create(body);
  expect(res.statusCode).toBe(status);
  if (typeof error === 'string') expect(res.json()).toEqual({ error, code });
  else expect(res.json()).toEqual({ error: expect.stringMatching(error), code });
}

describe('POST /api/blog/create-blog: who may write', () => {
  it('needs a signed-in author', async () => {
    const res = await create(publishableBlog(), null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });

  it('lets only the author update a blog, and answers 404 for an unknown one', async () => {
    const blogId = await buildBlog(t.app, writer);
    const stranger = await buildUser(t.app);
    const res = await create(publishableBlog({ id: blogId, title: 'Taken over' }), stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Only the author can edit this blog', code: 'blog_edit_forbidden' });
    expect((await getAsAuthor(blogId)).title).toBe('A walk in the hills');
    await expectError(publishableBlog({ id: 'no-such-blog-abc123' }), 404, ErrorMessages.not_found, 'not_found');
  });
});

describe.each(contentForms)(
  'POST /api/blog/create-blog: the rules of docs/product/rules.md, in order, with their messages; content as $form',
  ({ wrap }) => {
    const publishableBlog = (overrides: Record<string, unknown> = {}) => blogWithContent(wrap, overrides);

    it.each<[string, Record<string, unknown>, string, ErrorCode]>([
      ['a draft without a title', { draft: true, title: '  ' }, Messages.draftTitleRequired, 'draft_title_required'],
      ['publishing without a title', { title: '' }, Messages.publishTitleRequired, 'publish_title_required'],
      ['an empty description', { des: '   ' }, Messages.descriptionRule, 'description_invalid'],
      ['a description over 200 characters', { des: 'x'.repeat(201) }, Messages.descriptionRule, 'description_invalid'],
      ['no tag', { tags: [] }, Messages.tagRequired, 'tags_required'],
      ['only empty tags', { tags: [' ', ''] }, Messages.tagRequired, 'tags_required'],
      ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, Messages.maxTags, 'too_many_tags'],
      ['no banner', { banner: '' }, Messages.bannerRequired, 'banner_required'],
      ['no content', { content: [] }, Messages.contentRequired, 'content_required'],
      ['no blocks', { content: wrap(editorOutput([])) }, Messages.contentRequired, 'content_required'],
      [
        'only empty paragraphs',
        { content: wrap(editorOutput([{ type: 'paragraph', data: { text: ' <b> </b>&nbsp;<br>' } }])) },
        Messages.contentRequired,
        'content_required',
      ],
    ])('refuses %s', async (_name, overrides, message, code) => {
      await expectError(publishableBlog(overrides), 400, message, code);
    });

    it('checks the title before the description, and the description before the tags', async () => {
      await expectError(
        publishableBlog({ title: '', des: '', tags: [] }),
        400,
        Messages.publishTitleRequired,
        'publish_title_required',
      );
      await expectError(publishableBlog({ des: '', tags: [] }), 400, Messages.descriptionRule, 'description_invalid');
    });
  },
);

describe('POST /api/blog/create-blog: drafts, tags, banner and the body’s shape', () => {
  it('saves a draft with only a title, but still limits its tags', async () => {
    const res = await create({ title: 'Just an idea', draft: true });
    expect(res.statusCode).toBe(200);
    const blog = await getAsAuthor(res.json().id);
    expect(blog).toMatchObject({
      title: 'Just an idea',
      draft: true,
      publishedAt: null,
      banner: '',
      des: '',
      tags: [],
    });
    await expectError(
      { title: 'Many tags', draft: true, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      400,
      Messages.maxTags,
      'too_many_tags',
    );
    await expectError(
      { title: 'Long tag', draft: true, tags: ['x'.repeat(51)] },
      400,
      'Each tag must be at most 50 characters',
      'tag_too_long',
    );
  });

  it('counts ten distinct tags after trimming, lower-casing and removing duplicates', async () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => ` Tag${i} `), 'TAG0', 'tag1', ''];
    const res = await create(publishableBlog({ tags }));
    expect(res.statusCode).toBe(200);
    expect((await getAsAuthor(res.json().id)).tags).toEqual(Array.from({ length: 10 }, (_, i) => `tag${i}`));
  });

  it.each(['javascript:alert(1)', '//pictures.example/cat.png', 'uploads/a.png'])(
    'refuses a banner that is not an image address: %s',
    async (banner) => {
      await expectError(publishableBlog({ banner }), 400, 'The banner must be an uploaded image', 'banner_invalid');
    },
  );

  it('refuses a body of the wrong shape with a 400 naming the field', async () => {
    await expectError(publishableBlog({ draft: 'yes' }), 400, 'draft must be true or false', 'validation_failed');
    await expectError(
      publishableBlog({ title: 'x'.repeat(201) }),
      400,
      'Title must be at most 200 characters',
      'title_too_long',
    );
  });
});

describe('POST /api/blog/create-blog: blog_id, publishing and counters', () => {
  it('makes the blog_id from the title plus a short suffix, unique for equal titles', async () => {
    const a = await buildBlog(t.app, writer, { title: 'Ça va? Hello,   World!! ' });
    const b = await buildBlog(t.app, writer, { title: 'Ça va? Hello,   World!! ' });
    expect(a).toMatch(/^ca-va-hello-world-[a-z0-9]{6}$/);
    expect(b).toMatch(/^ca-va-hello-world-[a-z0-9]{6}$/);
    expect(a).not.toBe(b);
    expect(await buildBlog(t.app, writer, { title: '!!!' })).toMatch(/^blog-[a-z0-9]{6}$/);
    expect((await buildBlog(t.app, writer, { title: 'word '.repeat(40) })).length).toBeLessThanOrEqual(60 + 7);
  });

  it('keeps the blog_id when the title changes on update', async () => {
    const blogId = await buildBlog(t.app, writer, { title: 'First title' });
    const res = await create(publishableBlog({ id: blogId, title: 'Second title' }));
    expect(res.json()).toEqual({
      id: blogId,
      updatedAt: (await getAsAuthor(blogId)).updatedAt,
      awaiting_review: false,
    });
    expect((await getAsAuthor(blogId)).title).toBe('Second title');
  });

  it('keeps a draft a draft until it is published, then sets publishedAt once and counts the post', async () => {
    const author = await buildUser(t.app);
    const draftId = await buildBlog(t.app, author, { draft: true });
    expect(await totalPosts(author)).toBe(0);
    expect(
      await create(publishableBlog({ id: draftId, draft: true, title: 'Still drafting' }), author).then(
        (r) => r.statusCode,
      ),
    ).toBe(200);
    expect(await getAsAuthor(draftId, author)).toMatchObject({
      draft: true,
      publishedAt: null,
      title: 'Still drafting',
    });
    expect(await totalPosts(author)).toBe(0);

    expect((await create(publishableBlog({ id: draftId }), author)).statusCode).toBe(200);
    const published = await getAsAuthor(draftId, author);
    expect(published.draft).toBe(false);
    expect(Date.parse(published.publishedAt)).not.toBeNaN();
    expect(await totalPosts(author)).toBe(1);

    // Saving it again keeps its first publishing date and does not count it twice.
    await create(publishableBlog({ id: draftId, title: 'Edited' }), author);
    expect((await getAsAuthor(draftId, author)).publishedAt).toBe(published.publishedAt);
    expect(await totalPosts(author)).toBe(1);

    // Taking it back to a draft uncounts it.
    await create(publishableBlog({ id: draftId, draft: true }), author);
    expect(await totalPosts(author)).toBe(0);
    await buildBlog(t.app, author);
    expect(await totalPosts(author)).toBe(1);
  });
});

describe.each(contentForms)('POST /api/blog/create-blog: content blocks, sent as $form', ({ wrap, at }) => {
  const withBlocks = (blocks: unknown[]) => publishableBlog({ content: wrap(editorOutput(blocks)) });
  /** A refusal's text: exact, or a pattern in which `@` stands for the first block's place in the body as sent. */
  const refusal = (error: string | RegExp) =>
    typeof error === 'string' ? error : new RegExp(error.source.replace('@', at.replace(/\./g, '\\.')));

  const saved = async (blocks: unknown[]) => {
    const res = await create(withBlocks(blocks));
    expect(res.statusCode, res.body).toBe(200);
    return (await getAsAuthor(res.json().id)).content[0].blocks;
  };

  it('stores the content as docs/product/data.md’s array and answers it so, published or a draft, new or updated', async () => {
    const first = editorOutput([{ id: 'p1', type: 'paragraph', data: { text: 'First words.' } }]);
    const res = await create(publishableBlog({ content: wrap(first) }));
    expect(res.statusCode, res.body).toBe(200);
    const blogId = res.json().id;
    expect((await getAsAuthor(blogId)).content).toEqual([first]);

    const second = editorOutput([{ id: 'h1', type: 'header', data: { text: 'Second thoughts', level: 2 } }]);
    expect((await create({ id: blogId, title: 'Drafting again', draft: true, content: wrap(second) })).statusCode).toBe(
      200,
    );
    expect(await getAsAuthor(blogId)).toMatchObject({ draft: true, content: [second] });
  });

  it('stores every block type of the editor, with its data', async () => {
    const blocks = [
      {
        id: 'a1',
        type: 'paragraph',
        data: {
          text: 'Plain <b>bold</b> <i>it</i> <mark class="cdx-marker">hi</mark> <code class="inline-code">x()</code><br>',
        },
      },
      { id: 'a2', type: 'header', data: { text: 'Heading', level: 3 } },
      {
        id: 'a3',
        type: 'image',
        data: {
          file: { url: 'http://localhost:80/uploads/abc123.webp' },
          caption: 'A hill',
          alt: 'A green hill under clouds',
          withBorder: true,
          stretched: false,
          withBackground: true,
        },
      },
      {
        id: 'a3b',
        type: 'image',
        data: {
          file: { url: 'http://localhost:80/uploads/abc124.jpg', width: 1600, height: 900 },
          caption: '',
          alt: '',
          withBorder: false,
          stretched: false,
          withBackground: false,
        },
      },
      { id: 'a4', type: 'quote', data: { text: 'To be', caption: 'Someone', alignment: 'center' } },
      { id: 'a5', type: 'list', data: { style: 'ordered', items: ['one', 'two'] } },
      {
        id: 'a6',
        type: 'list',
        data: {
          style: 'unordered',
          meta: {},
          items: [{ content: 'parent', items: [{ content: 'child', items: [] }] }],
        },
      },
      {
        id: 'a7',
        type: 'link',
        data: {
          link: 'https://example.com/page',
          meta: { title: 'Example', description: 'A page', image: { url: 'https://example.com/i.png' } },
        },
      },
      {
        id: 'a8',
        type: 'embed',
        data: {
          service: 'youtube',
          source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
          width: 580,
          height: 320,
          caption: 'Video',
        },
      },
      { id: 'a9', type: 'code', data: { code: 'print("hi")\n', language: 'python' } },
      { id: 'a10', type: 'delimiter', data: {} },
      {
        id: 'a11',
        type: 'table',
        data: {
          withHeadings: true,
          content: [
            ['Day', 'Miles'],
            ['<b>One</b>', '12'],
          ],
        },
      },
      { id: 'a12', type: 'table', data: { withHeadings: false, stretched: true, content: [['a', 'b']] } },
    ];
    const answered = await saved(blocks);
    // get-blog adds the server's highlighting to a code block; what is stored is the block as sent.
    expect(answered[9].data.html).toBe(
      '<span class="hljs-built_in">print</span>(<span class="hljs-string">&quot;hi&quot;</span>)\n',
    );
    delete answered[9].data.html;
    expect(answered).toEqual(blocks);
  });

  it('drops empty paragraphs and empty list items, and a list left with none', async () => {
    const blocks = await saved([
      { type: 'paragraph', data: { text: '' } },
      { type: 'paragraph', data: { text: 'kept' } },
      { type: 'paragraph', data: { text: '<script>only code</script>' } },
      { type: 'list', data: { style: 'unordered', items: ['a', ' ', '<br>', 'b'] } },
      {
        type: 'list',
        data: {
          style: 'ordered',
          items: [
            { content: '', items: [] },
            { content: 'c', items: [{ content: ' ', items: [] }] },
          ],
        },
      },
      { type: 'list', data: { style: 'ordered', items: ['', ' '] } },
    ]);
    expect(blocks).toEqual([
      { type: 'paragraph', data: { text: 'kept' } },
      { type: 'list', data: { style: 'unordered', items: ['a', 'b'] } },
      { type: 'list', data: { style: 'ordered', items: [{ content: 'c', items: [] }] } },
    ]);
  });

  it('cuts inline HTML in text, captions, list items and quotes down to the allowlist', async () => {
    const blocks = await saved([
      { type: 'paragraph', data: { text: 'Hi <a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>' } },
      { type: 'header', data: { text: 'Title<script>alert(1)</script>', level: 2 } },
      {
        type: 'image',
        data: { file: { url: '/uploads/abc.png' }, caption: '<script>alert(1)</script>Cap <b onclick="x()">b</b>' },
      },
      {
        type: 'quote',
        data: {
          text: '<iframe src="https://evil"></iframe>Quote',
          caption: '<a href="https://ok.example" onmouseover="x()">ok</a>',
          alignment: 'left',
        },
      },
      { type: 'list', data: { style: 'unordered', items: ['<svg onload=alert(1)>item'] } },
      {
        type: 'embed',
        data: {
          service: 'vimeo',
          source: 'https://vimeo.com/1',
          embed: 'https://player.vimeo.com/video/1',
          caption: '<img src=x onerror=alert(1)>cap',
        },
      },
    ]);
    expect(blocks.map((b: { data: unknown }) => b.data)).toEqual([
      { text: 'Hi <a>x</a> ' },
      { text: 'Title', level: 2 },
      {
        file: { url: 'http://localhost:80/uploads/abc.png' },
        caption: 'Cap <b>b</b>',
        alt: '',
        withBorder: false,
        stretched: false,
        withBackground: false,
      },
      {
        text: 'Quote',
        caption: '<a href="https://ok.example/" rel="noopener noreferrer nofollow">ok</a>',
        alignment: 'left',
      },
      { style: 'unordered', items: ['item'] },
      { service: 'vimeo', source: 'https://vimeo.com/1', embed: 'https://player.vimeo.com/video/1', caption: 'cap' },
    ]);
  });

  it.each([
    ['an unknown block type', { type: 'script', data: { text: 'x' } }, /^@\.type: .*paragraph/],
    ['a block without data', { type: 'paragraph' }, /^@\.data is required$/],
    [
      'a heading with a number for text',
      { type: 'header', data: { text: 1, level: 2 } },
      /^@\.data\.text must be text$/,
    ],
    ['a heading level 7', { type: 'header', data: { text: 'x', level: 7 } }, /^@\.data\.level must be /],
    ['a blank heading', { type: 'header', data: { text: ' <b></b> ', level: 2 } }, 'Block 1: a heading needs text'],
    ['an image without a file URL', { type: 'image', data: { file: {} } }, /^@\.data\.file\.url is required$/],
    [
      'an image with a negative width',
      { type: 'image', data: { file: { url: '/uploads/a.png', width: -1, height: 5 } } },
      /^@\.data\.file\.width/,
    ],
    [
      'an image with an empty URL',
      { type: 'image', data: { file: { url: '' } } },
      'Block 1: an image needs an uploaded image URL',
    ],
    [
      'an image with a javascript: URL',
      { type: 'image', data: { file: { url: 'javascript:alert(1)' } } },
      'Block 1: an image needs an uploaded image URL',
    ],
    [
      'a quote aligned right',
      { type: 'quote', data: { text: 'q', alignment: 'right' } },
      /^@\.data\.alignment must be one of left, center$/,
    ],
    [
      'a list of an unknown style',
      { type: 'list', data: { style: 'checklist', items: ['a'] } },
      /^@\.data\.style must be one of /,
    ],
    [
      'a javascript: link',
      { type: 'link', data: { link: 'javascript:alert(1)' } },
      'Block 1: a link must be an http or https URL',
    ],
    [
      'a data: link',
      { type: 'link', data: { link: 'data:text/html,<script>alert(1)</script>' } },
      'Block 1: a link must be an http or https URL',
    ],
    ['an empty link', { type: 'link', data: { link: '' } }, 'Block 1: a link must be an http or https URL'],
    ['embed data that is not an object', { type: 'embed', data: 'https://youtube.com' }, /^@\.data must be an object$/],
    [
      'an embed of an unknown service',
      { type: 'embed', data: { service: 'evil', source: 'https://evil.example', embed: 'https://evil.example/e' } },
      'Block 1: embeds from "evil" are not supported',
    ],
    [
      'an embed pointing off the service',
      {
        type: 'embed',
        data: {
          service: 'youtube',
          source: 'https://www.youtube.com/watch?v=1',
          embed: 'https://evil.example/embed/1',
        },
      },
      'Block 1: the embed address is not a youtube player',
    ],
    [
      'an embed of a script in a data: URL',
      {
        type: 'embed',
        data: {
          service: 'github',
          source: 'https://gist.github.com/a/1',
          embed: 'data:text/html,<script src="https://gist.github.com/a/1"></script>',
        },
      },
      'Block 1: embeds from "github" are not supported',
    ],
    [
      'an embed whose address is not a URL',
      {
        type: 'embed',
        data: { service: 'youtube', source: 'https://www.youtube.com/watch?v=1', embed: 'javascript:alert(1)' },
      },
      'Block 1: the embed address is not a youtube player',
    ],
    [
      'an embed with a javascript: source',
      {
        type: 'embed',
        data: { service: 'youtube', source: 'javascript:alert(1)', embed: 'https://www.youtube.com/embed/1' },
      },
      'Block 1: the embed source must be an http or https URL',
    ],
    [
      'code in a language not on the list',
      { type: 'code', data: { code: 'x', language: 'cobol' } },
      'Block 1: code in "cobol" is not supported',
    ],
    [
      'code of 100 001 characters',
      { type: 'code', data: { code: 'x'.repeat(100_001), language: 'plain' } },
      'Block 1: code must be at most 100000 characters',
    ],
    ['code that is no text', { type: 'code', data: { code: 42, language: 'plain' } }, /^@\.data\.code must be text$/],
    [
      'a table of 101 rows',
      { type: 'table', data: { content: Array.from({ length: 101 }, () => ['x']) } },
      'Block 1: a table may have at most 100 rows',
    ],
    [
      'a table of 21 columns',
      { type: 'table', data: { content: [Array.from({ length: 21 }, () => 'x')] } },
      'Block 1: a table may have at most 20 columns',
    ],
    [
      'a table cell that is no text',
      { type: 'table', data: { content: [[1]] } },
      /^@\.data\.content\.0\.0 must be text$/,
    ],
    [
      'alt text of 1001 characters',
      { type: 'image', data: { file: { url: '/uploads/a.png' }, alt: 'a'.repeat(1001) } },
      'Block 1: alt text must be at most 1000 characters',
    ],
  ])('refuses %s', async (_name, block, error) => {
    // A block's own rule refuses in its words; its data's schema, as any schema does.
    await expectError(
      withBlocks([block]),
      400,
      refusal(error),
      typeof error === 'string' ? 'invalid_block' : 'validation_failed',
    );
  });

  it('names the position of a bad block among good ones', async () => {
    await expectError(
      withBlocks([
        { type: 'paragraph', data: { text: 'ok' } },
        { type: 'link', data: { link: 'ftp://x' } },
      ]),
      400,
      'Block 2: a link must be an http or https URL',
      'invalid_block',
    );
  });

  it('keeps code as typed in its language, pads table rows, cuts cells to the allowlist, and drops what is empty', async () => {
    const code = '  if (a < b) {\n\treturn "</code><script>alert(1)</script>";\n  }';
    const blocks = await saved([
      { type: 'code', data: { code, language: 'typescript', html: '<img src=x onerror=alert(1)>' } },
      { type: 'code', data: { code: 'echo hi' } },
      { type: 'code', data: { code: ' \n ', language: 'bash' } },
      { type: 'delimiter', data: { style: 'line' } },
      {
        type: 'table',
        data: {
          withHeadings: true,
          content: [
            ['A', 'B', '<a href="javascript:alert(1)">C</a>'],
            ['<img src=x onerror=alert(1)>1'],
            ['2', '<b onclick="x()">3</b>'],
          ],
        },
      },
      {
        type: 'table',
        data: {
          withHeadings: false,
          content: [
            ['', ' '],
            ['<br>', ''],
          ],
        },
      },
      { type: 'image', data: { file: { url: '/uploads/a.png' }, caption: 'Seen', alt: '  A <b>plain</b> alt  ' } },
    ]);
    const stored = await queryRows<{ content: { blocks: { data: unknown }[] } }>(
      t.app.db,
      sql`select content from blogs order by created_at desc limit 1`,
    );
    expect(stored[0]!.content.blocks.map((b) => b.data)).toEqual([
      { code, language: 'typescript' },
      { code: 'echo hi', language: 'plain' },
      {},
      {
        withHeadings: true,
        content: [
          ['A', 'B', '<a>C</a>'],
          ['1', '', ''],
          ['2', '<b>3</b>', ''],
        ],
      },
      {
        file: { url: '/uploads/a.png' },
        caption: 'Seen',
        alt: 'A <b>plain</b> alt',
        withBorder: false,
        stretched: false,
        withBackground: false,
      },
    ]);
    expect(blocks.map((b: { type: string }) => b.type)).toEqual(['code', 'code', 'delimiter', 'table', 'image']);
  });

  it('moves an http embed of a known service to https', async () => {
    const [embed] = await saved([
      {
        type: 'embed',
        data: { service: 'imgur', source: 'https://imgur.com/gallery/abc', embed: 'http://imgur.com/abc/embed' },
      },
    ]);
    expect(embed.data.embed).toBe('https://imgur.com/abc/embed');
  });

  it("keeps an image's width and height only as a pair, and nothing else beside its URL", async () => {
    const blocks = await saved([
      { type: 'image', data: { file: { url: '/uploads/a.png', width: 640, onload: 'x()' } } },
      { type: 'image', data: { file: { url: '/uploads/b.png', width: 640, height: 480, title: 'x' } } },
    ]);
    expect(blocks.map((b: { data: { file: unknown } }) => b.data.file)).toEqual([
      { url: 'http://localhost:80/uploads/a.png' },
      { url: 'http://localhost:80/uploads/b.png', width: 640, height: 480 },
    ]);
  });

  it('keeps only a safe preview image on a link block', async () => {
    const [link] = await saved([
      {
        type: 'link',
        data: { link: 'https://example.com', meta: { title: ' T ', image: { url: 'javascript:alert(1)' } } },
      },
    ]);
    expect(link.data).toEqual({ link: 'https://example.com', meta: { title: 'T' } });
  });
});
