import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_NETWORKS, type Blog, type Comment, type UserProfile } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildUser, post, publishableBlog, type TestUser } from '../test/factories.ts';
import { startGoogleIdp, type GoogleIdp } from '../test/google-idp.ts';
import { fakeWebDist } from '../test/web-dist.ts';
import { unsafeMarkup } from './inert-html.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

/**
 * Stored XSS, server side: every payload of the corpus goes into every stored field through the
 * API. A field answers 400, or keeps the payload in the one form its renderer makes inert:
 * plain-text fields exactly as typed (the web app shows them as text, e2e/hostile-xss.spec.ts
 * proves it), inline-HTML fields cut to the allowlist, URL fields only as http(s) or our uploads,
 * and the share tags the server writes into a page's <head> fully escaped.
 */

let idp: GoogleIdp;
let t: TestApp;
let author: TestUser;
let banner: string;
beforeAll(async () => {
  idp = await startGoogleIdp();
  t = await buildTestApp({
    ...idp.env,
    WEB_DIST: fakeWebDist(),
    PUBLIC_URL: 'https://blog.example.org',
    RATE_LIMIT_MULTIPLIER: '100',
  });
  author = await buildUser(t.app);
  banner = publishableBlog().banner;
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** What happened to each payload in one field; `wrong` lists the payloads kept in an unsafe or altered form. */
interface FieldReport {
  refused: number;
  kept: number;
  wrong: { payload: string; stored: unknown }[];
}

async function probe(
  payloads: string[],
  store: (payload: string) => Promise<{ status: number; stored?: unknown; safe?: boolean }>,
): Promise<FieldReport> {
  const report: FieldReport = { refused: 0, kept: 0, wrong: [] };
  for (const payload of payloads) {
    const { status, stored, safe } = await store(payload);
    if (status === 400) report.refused++;
    else if (status === 200 && safe) report.kept++;
    else report.wrong.push({ payload, stored: { status, stored } });
  }
  return report;
}

/** How a field must keep a payload it accepts; each judge sees what was stored and what was sent. */
type Judge = (stored: unknown, payload: string) => boolean;
const asText: Judge = (stored, payload) => stored === payload.trim();
const inert = (stored: unknown) => typeof stored === 'string' && unsafeMarkup(stored).length === 0;
const safeUrl = (stored: unknown) =>
  typeof stored === 'string' &&
  (/^https?:\/\/[^\s"'<>`]+$/i.test(stored) || /^\/uploads\/[a-z0-9]+\.[a-z]+$/.test(stored));

const saveBlog = (body: Record<string, unknown>) =>
  post(t.app, '/api/blog/create-blog', publishableBlog({ banner, ...body }), author.token);

async function savedBlog(res: Awaited<ReturnType<typeof saveBlog>>): Promise<Blog | undefined> {
  if (res.statusCode !== 200) return undefined;
  const blogId = res.json<{ id: string }>().id;
  const read = await post(t.app, '/api/blog/get-blog', { blog_id: blogId, draft: true, mode: 'edit' }, author.token);
  return read.json<{ blog: Blog }>().blog;
}

const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });
const blocksOf = (blog: Blog | undefined) => blog?.content[0]?.blocks ?? [];

/** Stores one blog with `blocks` and answers the field `pick` reads off its first block, judged by `ok`. */
function blockField(
  blocks: (payload: string) => unknown[],
  pick: (block: Record<string, unknown>) => unknown,
  ok: Judge,
) {
  return async (payload: string) => {
    const res = await saveBlog({ content: [{ blocks: [...blocks(payload), paragraph('after')] }] });
    const block = blocksOf(await savedBlog(res))[0] as unknown as Record<string, unknown> | undefined;
    const stored = block && pick(block);
    return { status: res.statusCode, stored, safe: ok(stored, payload) };
  };
}

const data = (block: Record<string, unknown>) => block.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const image = (url: string, caption = '') => ({ type: 'image', data: { file: { url }, caption } });
const link = (url: string, meta: Record<string, unknown> = {}) => ({ type: 'link', data: { link: url, meta } });
const embed = (fields: Record<string, unknown>) => ({
  type: 'embed',
  data: {
    service: 'youtube',
    source: 'https://www.youtube.com/watch?v=abc',
    embed: 'https://www.youtube.com/embed/abc',
    caption: '',
    ...fields,
  },
});

/** The stored fields a blog carries, each with how it is probed. */
const BLOG_FIELDS: Record<string, (payload: string) => Promise<{ status: number; stored?: unknown; safe?: boolean }>> =
  {
    title: async (p) => {
      const res = await saveBlog({ title: p });
      const blog = await savedBlog(res);
      // The blog's address is made from its title: it must stay a plain slug.
      return {
        status: res.statusCode,
        stored: blog?.title,
        safe: !!blog && asText(blog.title, p) && /^[a-z0-9-]+$/.test(blog.blog_id),
      };
    },
    description: async (p) => {
      const res = await saveBlog({ des: p });
      const blog = await savedBlog(res);
      return { status: res.statusCode, stored: blog?.des, safe: asText(blog?.des, p) };
    },
    tags: async (p) => {
      const res = await saveBlog({ tags: [p] });
      const blog = await savedBlog(res);
      return { status: res.statusCode, stored: blog?.tags, safe: blog?.tags[0] === p.trim().toLowerCase() };
    },
    banner: async (p) => {
      const res = await saveBlog({ banner: p });
      const blog = await savedBlog(res);
      return { status: res.statusCode, stored: blog?.banner, safe: safeUrl(blog?.banner) };
    },
    'paragraph text': blockField(
      (p) => [paragraph(p)],
      (b) => data(b).text,
      inert,
    ),
    'header text': blockField(
      (p) => [{ type: 'header', data: { text: `x ${p}`, level: 2 } }],
      (b) => data(b).text,
      inert,
    ),
    'list item': blockField(
      (p) => [{ type: 'list', data: { style: 'unordered', items: [p, 'ok'] } }],
      (b) => data(b).items.join(''),
      inert,
    ),
    'nested list item': blockField(
      (p) => [
        { type: 'list', data: { style: 'ordered', items: [{ content: 'ok', items: [{ content: p, items: [] }] }] } },
      ],
      (b) => data(b).items[0].items[0]?.content ?? '',
      inert,
    ),
    'quote text': blockField(
      (p) => [{ type: 'quote', data: { text: p, caption: 'c', alignment: 'left' } }],
      (b) => data(b).text,
      inert,
    ),
    'quote caption': blockField(
      (p) => [{ type: 'quote', data: { text: 't', caption: p, alignment: 'left' } }],
      (b) => data(b).caption,
      inert,
    ),
    'image caption': blockField(
      (p) => [image(banner, p)],
      (b) => data(b).caption,
      inert,
    ),
    'image url': blockField(
      (p) => [image(p)],
      (b) => data(b).file.url,
      safeUrl,
    ),
    'link url': blockField(
      (p) => [link(p)],
      (b) => data(b).link,
      safeUrl,
    ),
    'link title': blockField(
      (p) => [link('https://example.com/', { title: p })],
      (b) => data(b).meta.title,
      asText,
    ),
    'link description': blockField(
      (p) => [link('https://example.com/', { description: p })],
      (b) => data(b).meta.description,
      asText,
    ),
    // A link's picture that is not an image address is dropped, not refused: the link still works.
    'link image': blockField(
      (p) => [link('https://example.com/', { image: { url: p } })],
      (b) => data(b).meta.image?.url ?? 'https://dropped.example/',
      safeUrl,
    ),
    'embed address': blockField(
      (p) => [embed({ embed: p })],
      (b) => data(b).embed,
      (s) => typeof s === 'string' && s.startsWith('https://www.youtube.com/'),
    ),
    'embed source': blockField(
      (p) => [embed({ source: p })],
      (b) => data(b).source,
      safeUrl,
    ),
    'embed service': blockField(
      (p) => [embed({ service: p })],
      (b) => data(b).service,
      (s) => s === 'youtube',
    ),
    'embed caption': blockField(
      (p) => [embed({ caption: p })],
      (b) => data(b).caption,
      inert,
    ),
    'table cell': blockField(
      (p) => [
        {
          type: 'table',
          data: {
            withHeadings: true,
            content: [
              [p, 'h'],
              ['ok', p],
            ],
          },
        },
      ],
      (b) => data(b).content.flat().join(''),
      inert,
    ),
    // Code is kept exactly as typed; its highlighting, made on save, is escaped text in highlight.js's spans, nothing else.
    'code and its highlighting': blockField(
      (p) => [{ type: 'code', data: { code: p, language: 'xml' } }],
      (b) => data(b),
      (stored, payload) => {
        const { code, html } = stored as { code: string; html: string };
        return code === payload && !/[<>"]/.test(html.replace(/<span(?: class="[a-z_ -]+")?>|<\/span>/g, ''));
      },
    ),
  };

const tally = { tried: 0, refused: 0, kept: 0 };
function expectNoneWrong(field: string, report: FieldReport) {
  tally.tried += report.refused + report.kept + report.wrong.length;
  tally.refused += report.refused;
  tally.kept += report.kept;
  expect(report.wrong, `${field}: payloads kept in an unsafe or altered form`).toEqual([]);
}
afterAll(() => {
  // The note quotes these numbers.
  console.log(
    `stored XSS (server): ${XSS_PAYLOADS.length} payloads, ${tally.tried} probes, ${tally.kept} kept inert, ${tally.refused} refused with 400`,
  );
});

describe('stored XSS in blogs', () => {
  it.each(Object.keys(BLOG_FIELDS))('%s keeps no payload in a form that could run', async (field) => {
    const report = await probe(XSS_PAYLOADS, BLOG_FIELDS[field]!);
    expectNoneWrong(field, report);
    // A field that refuses everything would pass trivially; the text and HTML fields must keep what fits.
    if (!/url|address|source|service|banner|image$/.test(field)) expect(report.kept).toBeGreaterThan(0);
  });
});

describe('stored XSS in comments', () => {
  it('keeps comments and replies exactly as typed (they are shown as text)', async () => {
    const blogId = (await saveBlog({})).json<{ id: string }>().id;
    const blog = (await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).json<{ blog: Blog }>().blog;
    const reader = await buildUser(t.app);
    let parent: string | undefined;
    for (const field of ['comment', 'reply']) {
      const report = await probe(XSS_PAYLOADS, async (p) => {
        const res = await post(
          t.app,
          '/api/comment/add-comment',
          { _id: blog._id, comment: p, replying_to: field === 'reply' ? parent : undefined },
          reader.token,
        );
        const stored = res.statusCode === 200 ? res.json<Comment>() : undefined;
        parent ??= stored?._id;
        return { status: res.statusCode, stored: stored?.comment, safe: asText(stored?.comment, p) };
      });
      expectNoneWrong(field, report);
      expect(report.kept).toBe(XSS_PAYLOADS.length);
    }
  });
});

describe('stored XSS in profiles', () => {
  const profileOf = async (username: string) =>
    (await post(t.app, '/api/user/get-profile', { username })).json<UserProfile>();

  it('keeps a fullname from sign-up or Google exactly as typed', async () => {
    const signUp = await probe(XSS_PAYLOADS, async (p) => {
      const res = await post(t.app, '/api/user/signup', {
        fullname: p,
        email: `xss.${Math.random().toString(36).slice(2)}@example.com`,
        password: 'Secret123',
      });
      const stored =
        res.statusCode === 200
          ? (await profileOf(res.json<{ username: string }>().username)).personal_info.fullname
          : undefined;
      return { status: res.statusCode, stored, safe: asText(stored, p) };
    });
    expectNoneWrong('fullname (sign-up)', signUp);
    const google = await probe(XSS_PAYLOADS, async (p) => {
      const res = await post(t.app, '/api/user/google-auth', { access_token: await idp.sign({ name: p }) });
      const stored =
        res.statusCode === 200
          ? (await profileOf(res.json<{ username: string }>().username)).personal_info.fullname
          : undefined;
      return { status: res.statusCode, stored, safe: asText(stored, p) };
    });
    expectNoneWrong('fullname (Google)', google);
    expect(google.kept).toBe(XSS_PAYLOADS.length);
  });

  it('refuses every payload as a username, keeps bios as typed and social links only as https addresses', async () => {
    const user = await buildUser(t.app);
    const update = (body: Record<string, unknown>) =>
      post(t.app, '/api/user/update-profile', { username: user.username, bio: '', ...body }, user.token);
    const username = await probe(XSS_PAYLOADS, async (p) => ({ status: (await update({ username: p })).statusCode }));
    expectNoneWrong('username', username);
    expect(username.refused).toBe(XSS_PAYLOADS.length);
    const bio = await probe(XSS_PAYLOADS, async (p) => {
      const res = await update({ bio: p });
      const stored = (await profileOf(user.username)).personal_info.bio;
      return { status: res.statusCode, stored, safe: asText(stored, p) };
    });
    expectNoneWrong('bio', bio);
    for (const network of SOCIAL_NETWORKS) {
      const report = await probe(XSS_PAYLOADS, async (p) => {
        const res = await update({ social_links: { [network]: p } });
        const stored = (await profileOf(user.username)).social_links[network];
        return { status: res.statusCode, stored, safe: stored === '' || safeUrl(stored) };
      });
      expectNoneWrong(`social link (${network})`, report);
    }
  });
});

describe('stored XSS in the share tags the server writes into pages', () => {
  /**
   * The tags the page head may hold, every value escaped: nothing else may appear there. The site's
   * icons and manifest are the server's own addresses; its identity is a JSON data block, like the JSON-LD.
   */
  const HEAD_TAG =
    /^<(?:\/?(?:html|head|title)|!doctype html|html lang="en"|meta charset="UTF-8" \/|link rel="canonical" href="[^"<>]*"|meta (?:name|property)="[a-z:_]+" content="[^"<>]*"|link rel="alternate" type="[a-z/+]+" title="[^"<>]*" href="[^"<>]*"|link rel="(?:icon|apple-touch-icon|manifest)"(?: type="image\/[a-z+]+")?(?: sizes="\d+x\d+")? href="\/[a-z0-9./?=-]+"|script type="application\/(?:ld\+)?json"(?: id="site-identity")?|\/script)>$/;
  const headProblems = (html: string) => {
    const head = html.slice(0, html.indexOf('<body>'));
    const title = /<title>([^<]*)<\/title>/.exec(head);
    return [
      ...(head.match(/<[^>]*>/g) ?? []).filter((tag) => !HEAD_TAG.test(tag)),
      ...(title ? [] : ['no <title>']),
      ...(html.slice(html.indexOf('<body>')) === '<body><div id="root"></div></body></html>' ? [] : ['body changed']),
    ];
  };

  it('escapes blog titles and descriptions, and names and bios, on /blog and /user pages', async () => {
    const probes = [...XSS_PAYLOADS];
    const user = await buildUser(t.app);
    const report = await probe(probes, async (p) => {
      const blogId = (await saveBlog({ title: p.slice(0, 200), des: p.slice(0, 200) })).json<{ id: string }>().id;
      await post(t.app, '/api/user/update-profile', { username: user.username, bio: p.slice(0, 150) }, user.token);
      const pages = await Promise.all(
        [`/blog/${blogId}`, `/user/${user.username}`].map((url) => t.app.inject({ url })),
      );
      const problems = pages.flatMap((page) => headProblems(page.body));
      return { status: 200, stored: problems, safe: problems.length === 0 };
    });
    expectNoneWrong('share tags', report);
  });
});
