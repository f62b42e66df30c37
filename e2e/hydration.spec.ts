import { Messages } from '@inkwell/contracts';
import { createBlog, createUser, expect, signIn, test } from './support/fixtures.ts';
import { uniqueTag } from './support/reading-data.ts';
import { beforeInteraction, onDemand, readBuild, theApp } from './support/reading-scripts.ts';
import { expectAllFetched, recordFetched, recordTokensSent } from './support/requests.ts';
import type { Page } from '@playwright/test';

/** The paths of the API calls (fetches, not images) the page makes from now on. */
function recordApiCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && request.resourceType() === 'fetch') calls.push(pathname);
  });
  return calls;
}

// Any hydration mismatch is a console error, which fails every test here (the consoleErrors fixture).

test('a blog page arrives rendered, hydrates its islands without asking for its data again, and is interactive', async ({
  page,
  request,
  baseURL,
}) => {
  const author = await createUser(request, 'Hilda Hydrate');
  const tag = uniqueTag();
  const similar = await createBlog(request, author, { title: `Similar ${tag}`, tags: [tag] });
  const title = `Hydrated ${tag}`;
  const blogId = await createBlog(request, author, { title, tags: [tag] });

  const html = await (await request.get(`/blog/${blogId}`)).text();
  expect(html).toContain(`>${title}</h1>`);
  expect(html).toContain('<script type="application/json" id="inkwell-state" data-bundle="blog">');
  // Its images are absolute URLs on the address it was asked at, in the data it hydrates from as in the API.
  expect(html).toContain(`"profile_img":"${baseURL}/api/avatar/`);
  expect(html).not.toMatch(/"(profile_img|banner|url)":"\//);

  const calls = recordApiCalls(page);
  await page.goto(`/blog/${blogId}`);
  // Controls that need the app are enabled once it has hydrated.
  const like = page.getByRole('button', { name: 'Like' });
  await expect(like).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Similar Blogs' }).getByRole('link', { name: `Similar ${tag}` }),
  ).toHaveAttribute('href', `/blog/${similar}`);
  // The blog and its similar blogs came with the page; the page only says it was read.
  await expect.poll(() => calls).toEqual(['/api/blog/read']);

  await like.click();
  await expect(page.getByText(Messages.loginToLike)).toBeVisible();
  await page.getByRole('button', { name: 'Comments' }).click();
  await expect(page.getByRole('dialog', { name: 'Comments' })).toBeVisible();
  // The dialog opens before its comments are asked for (its code may still be on the way).
  await expect.poll(() => calls).toContain('/api/comment/get-blog-comments');
});

test('the session applies after hydration: the blog is asked for again as its reader, and its author gets the Edit link', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const blogId = await createBlog(request, author);
  await signIn(page, author);
  // The page the server rendered for everyone may come from its cache: the reader's own truth (their
  // counts, what they may do) comes from a get-blog of their own, which no cache answers.
  const asked = recordTokensSent(page, '/api/blog/get-blog');
  await page.goto(`/blog/${blogId}`);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/editor/${blogId}`);
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();
  expect(asked).toEqual([`Bearer ${author.token}`]);
});

test('a signed-in reader’s profile asks for the profile again with their token: their follow is in its count', async ({
  page,
  request,
}) => {
  const [author, reader] = await Promise.all([createUser(request), createUser(request)]);
  await signIn(page, reader);
  const asked = recordTokensSent(page, '/api/user/get-profile');
  await page.goto(`/user/${author.username}`);
  const followed = page.waitForResponse('**/api/user/follow');
  await page.getByRole('button', { name: `Follow @${author.username}` }).click();
  await expect(page.getByTestId('follow-counts')).toHaveText('1 Follower - 0 Following');
  expect((await followed).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: `Following @${author.username}` })).toBeVisible();
  await expect(page.getByTestId('follow-counts')).toHaveText('1 Follower - 0 Following');
  expect(asked).toEqual([`Bearer ${reader.token}`, `Bearer ${reader.token}`]);
});

test('home, a profile and a search hydrate from the data they came with', async ({ page, request }) => {
  const author = await createUser(request, 'Hugo Hydrate');
  const tag = uniqueTag();
  const title = `Hydrated list ${tag}`;
  await createBlog(request, author, { title, tags: [tag] });

  for (const path of ['/', `/user/${author.username}`, `/search/${tag}`]) {
    const calls = recordApiCalls(page);
    await page.goto(path);
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
    expect(calls, path).toEqual([]);
  }
});

test('a server-rendered page fetches its islands only once it can paint: not before the style sheet the paint needs', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const blogId = await createBlog(request, author);
  const events: string[] = [];
  // The style sheet holds the first paint back; held for a second, it orders what follows.
  await page.route('**/assets/*.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    events.push('style sheet');
    await route.continue();
  });
  const bundle = readBuild().reading.bundles.blog!.scripts.at(-1)!;
  page.on('request', (request) => {
    if (request.url().endsWith(bundle)) events.push('islands');
  });
  await page.goto(`/blog/${blogId}`);
  await expect(page.getByRole('button', { name: 'Like' })).toBeEnabled();
  expect(events[0]).toBe('style sheet');
  expect(events).toContain('islands');
});

test('each reading page runs the scripts its budget weighs, then only what it loads on demand; the app is only fetched into the cache, once idle', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Ivy Island');
  const tag = uniqueTag();
  const blogId = await createBlog(request, author, { title: `Island ${tag}`, tags: [tag] });
  const build = readBuild();
  const pages: [string, string][] = [
    ['home', '/'],
    ['blog', `/blog/${blogId}`],
    ['profile', `/user/${author.username}`],
    ['search', `/search/${tag}`],
  ];
  for (const [name, path] of pages) {
    // The page before is left first: a file it loads once idle, finishing late, is not counted as this page's.
    await page.goto('about:blank');
    const scripts = recordFetched(page, 'script');
    const fetched = recordFetched(page, 'other');
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // Idle, the page puts the app's files into the cache: fetched, never run.
    await expectAllFetched(fetched, theApp(build, name));
    const weighed = [...beforeInteraction(build, name).scripts];
    // A visitor's Subscribe form loads once the browser is idle (a profile's).
    const later = onDemand(build, name).flatMap(([, files]) => files);
    expect(
      weighed.filter((file) => !scripts.includes(file)),
      `${path}: not loaded`,
    ).toEqual([]);
    expect(
      scripts.filter((file) => !weighed.includes(file) && !later.includes(file)),
      `${path}: loaded beyond its budget`,
    ).toEqual([]);
  }
});

test('a server-rendered blog counts its reader once the page runs, and never its author', async ({
  page,
  browser,
  request,
}) => {
  const author = await createUser(request);
  const blogId = await createBlog(request, author);
  /** The blog's reads as get-blog shows them (in edit mode, which counts none). */
  const reads = async () =>
    (await (await request.post('/api/blog/get-blog', { data: { blog_id: blogId, mode: 'edit' } })).json()).blog.activity
      .total_reads as number;

  await signIn(page, author);
  const authorsRead = page.waitForResponse('**/api/blog/read');
  await page.goto(`/blog/${blogId}`);
  expect((await authorsRead).status()).toBe(204);

  const reader = await browser.newPage();
  const readersRead = reader.waitForResponse('**/api/blog/read');
  await reader.goto(`/blog/${blogId}`);
  expect((await readersRead).status()).toBe(204);
  // Counted at the server's next flush of reads, a few seconds on.
  await expect.poll(reads, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await reads()).toBe(1);
  await reader.close();
});
