import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Blog, Session } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { fixtureImage } from '../test/images.ts';
import { startLocalServer, type LocalServer } from '../test/local-server.ts';
import { fakeWebDist } from '../test/web-dist.ts';

/** A picture on someone else's site: it must pass through untouched both ways. */
const OUTSIDE = 'https://pictures.example/cat.png';

/**
 * Every image URL an answer holds, wherever it is: profile pictures, banners, and the `url` of a
 * `file` (an upload, an image block) or of an `image` (a link block's card).
 */
function imageUrls(value: unknown, key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => imageUrls(item, key));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, field]) => {
    if (typeof field !== 'string') return imageUrls(field, name);
    const isImage = name === 'profile_img' || name === 'banner' || (name === 'url' && /^(file|image)$/.test(key));
    return isImage && field ? [field] : [];
  });
}

type Upload = { file: { url: string } };

/** Multipart form data with one image, as a browser sends an upload. */
function imageForm(image: Buffer) {
  const boundary = 'inkwell-image-urls';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// A front end served from another origin calls the API at the address it was given; its images must
// load from there, and what it sends back must not pin the rows to that address (issue 27).
describe.each([
  { site: 'with PUBLIC_URL', env: { PUBLIC_URL: 'https://ink.example' }, origin: 'https://ink.example' },
  { site: 'without PUBLIC_URL', env: {} as Record<string, string>, origin: 'http://api.ink.test:8443' },
])('image URLs $site', ({ env, origin }) => {
  let t: TestApp;
  let uploadsDir: string;
  let pictures: LocalServer;
  // Every answer of the calls below, by call; each is checked for its image URLs.
  const answers = new Map<string, unknown>();

  /** A call as the front end makes it: to the API's address (its Host), with JSON or a form. */
  async function call<T = unknown>(
    url: string,
    options: { body?: unknown; form?: Buffer; token?: string; method?: string } = {},
  ) {
    const form = options.form && imageForm(options.form);
    const res = await t.app.inject({
      method: options.method ?? 'POST',
      url,
      headers: {
        host: 'api.ink.test:8443',
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(form && { 'content-type': form.contentType }),
      },
      ...(form ? { payload: form.payload } : options.body !== undefined && { payload: options.body as object }),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const answer: unknown = res.json();
    answers.set(`${url} ${answers.size}`, answer);
    return answer as T;
  }

  let author: Session;
  let blogId: string;
  let uploaded: string;
  let blogAnswer: Blog;

  beforeAll(async () => {
    uploadsDir = mkdtempSync(path.join(tmpdir(), 'inkwell-image-urls-'));
    t = await buildTestApp({
      ...env,
      WEB_DIST: fakeWebDist(),
      UPLOADS_DIR: uploadsDir,
      FETCH_ALLOW_HOSTS: 'localhost',
    });
    const png = await fixtureImage('png', 80, 60);
    pictures = await startLocalServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));

    const signUp = (fullname: string) =>
      call<Session>('/api/user/signup', {
        body: { fullname, email: `${fullname}@example.com`, password: 'Secret123' },
      });
    author = await signUp('ann');
    const reader: Session = await signUp('ben');
    const token = author.access_token;

    // Every image this author sends is one the API answered: absolute, on our origin.
    ({
      file: { url: uploaded },
    } = await call<Upload>('/api/upload/image', { form: await fixtureImage('png', 90, 70), token }));
    const { file: fetched } = await call<Upload>('/api/upload/image-by-url', {
      body: { url: `${pictures.url}/a.png` },
      token,
    });
    await call('/api/user/update-profile-img', { body: { url: fetched.url }, token });
    const content = [
      {
        blocks: [
          { type: 'paragraph', data: { text: 'Two pictures.' } },
          { type: 'image', data: { file: { url: uploaded, width: 90, height: 70 }, caption: 'Ours' } },
          { type: 'image', data: { file: { url: OUTSIDE }, caption: 'Theirs' } },
        ],
      },
    ];
    ({ id: blogId } = await call<{ id: string }>('/api/blog/create-blog', {
      body: { title: 'Pictures', banner: uploaded, des: 'Two pictures.', content, tags: ['photos'], draft: false },
      token,
    }));

    // Everything a front end reads, anonymously and signed in.
    ({ blog: blogAnswer } = await call<{ blog: Blog }>('/api/blog/get-blog', { body: { blog_id: blogId } }));
    const blog = blogAnswer;
    await call('/api/comment/add-comment', { body: { _id: blog._id, comment: 'Nice.' }, token: reader.access_token });
    await call('/api/blog/like-blog', { body: { _id: blog._id, isLikedByUser: false }, token: reader.access_token });
    await call('/api/user/block', { body: { username: reader.username, block: true }, token });
    await call('/api/blog/latest-blogs', { body: { page: 1 } });
    await call('/api/blog/trending-blogs', { method: 'GET' });
    await call('/api/blog/search-blogs', { body: { tag: 'photos', page: 1 } });
    await call('/api/user/get-profile', { body: { username: author.username } });
    await call('/api/user/search-users', { body: { query: 'ann' } });
    await call('/api/comment/get-blog-comments', { body: { blog_id: blog._id, skip: 0 } });
    await call('/notifications', { body: { page: 1, filter: 'all' }, token });
    await call('/api/user/signin', { body: { email: 'ann@example.com', password: 'Secret123' } });
    await call('/api/user/me', { method: 'GET', token });
    await call('/api/user/blocked-users', { body: { page: 1 }, token });
    await call('/api/blog/user-written-blogs', { body: { page: 1 }, token });
    await call('/api/admin/members', { body: { page: 1 }, token });
    const { revisions } = await call<{ revisions: { _id: string }[] }>('/api/blog/revisions', {
      body: { blog_id: blogId },
      token,
    });
    await call('/api/blog/revision', { body: { blog_id: blogId, _id: revisions[0]!._id }, token });
  });
  afterAll(async () => {
    await pictures.close();
    await t.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('answers every image of ours as an absolute URL on the origin, and an outside one as it is', () => {
    const missing: string[] = [];
    for (const [name, answer] of answers) {
      for (const url of imageUrls(answer))
        if (url !== OUTSIDE && !url.startsWith(`${origin}/`)) missing.push(`${name}: ${url}`);
    }
    expect(missing).toEqual([]);
    const seen = [...answers.values()].flatMap((answer) => imageUrls(answer));
    // Each kind was answered: default and uploaded pictures, uploads, the banner, both image blocks.
    expect(seen).toEqual(
      expect.arrayContaining([
        `${origin}/api/avatar/ben.svg`,
        `${origin}${new URL(uploaded).pathname}`,
        expect.stringMatching(new RegExp(`^${origin}/uploads/[0-9a-f]{64}\\.png$`)),
        OUTSIDE,
      ]),
    );
    // The blog's own images come back as its author sent them.
    expect(blogAnswer.banner).toBe(uploaded);
    expect(imageUrls(blogAnswer.content)).toEqual([uploaded, OUTSIDE]);
  });

  it('stores an absolute URL of ours as its path, and an outside one as it is', async () => {
    const [user] = await t.app.db.select().from(users).where(eq(users.username, author.username));
    expect(user!.profileImg).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const [blog] = await t.app.db.select().from(blogs).where(eq(blogs.blogId, blogId));
    const path = new URL(uploaded).pathname;
    expect(blog!.banner).toBe(path);
    expect(imageUrls(blog!.content)).toEqual([path, OUTSIDE]);
  });

  it('takes a picture at any address of ours, not only an upload, and answers it as it was sent', async () => {
    const icon = `${origin}/favicon.svg`;
    const { id } = await call<{ id: string }>('/api/blog/create-blog', {
      body: { title: 'Our icon', banner: icon, draft: true },
      token: author.access_token,
    });
    const [blog] = await t.app.db.select().from(blogs).where(eq(blogs.blogId, id));
    expect(blog!.banner).toBe('/favicon.svg');
    const { blog: answered } = await call<{ blog: Blog }>('/api/blog/get-blog', {
      body: { blog_id: id, mode: 'edit' },
      token: author.access_token,
    });
    expect(answered.banner).toBe(icon);
  });
});
