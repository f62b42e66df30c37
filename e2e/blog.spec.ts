import { Messages } from '@inkwell/contracts';
import { apiPost, createBlog, createUser, expect, expectToast, signIn, test, uploadImage } from './support/fixtures.ts';
import { everyBlock, expectEveryBlock, recordScripts, uniqueTag } from './support/reading-data.ts';

test('a blog renders every block type, with its author, date, reading time, and no editor code', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Octavia Butler');
  const image = await uploadImage(request, author);
  const title = `Every block ${uniqueTag()}`;
  // A topic of its own: another test's blog under the default one would be a Similar Blogs card with its own "1 min read".
  const blogId = await createBlog(request, author, { title, tags: [uniqueTag()], content: everyBlock(image) });
  const scripts = recordScripts(page);
  page.on('dialog', () => {
    throw new Error('a script in the content ran');
  });
  await page.goto(`/blog/${blogId}`);

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Inkwell`);
  await expect(page.getByRole('link', { name: '@' + author.username })).toHaveAttribute(
    'href',
    `/user/${author.username}`,
  );
  await expect(page.getByRole('link', { name: "Octavia Butler's profile" })).toHaveAttribute(
    'href',
    `/user/${author.username}`,
  );
  await expect(page.getByText(/^Published on \d{1,2} \w{3,4} \d{4}/)).toBeVisible();
  await expect(page.getByText('1 min read')).toBeVisible();

  await expectEveryBlock(page, image);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  await scripts.expectNoEditorCode();
});

test('liking: signed out it asks to log in; signed in it toggles at once, persists, and reverts when refused', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  const author = await createUser(request);
  const reader = await createUser(request);
  const blogId = await createBlog(request, author);
  const likes = page.getByTestId('total-likes');
  const like = page.getByRole('button', { name: 'Like' });

  await page.goto(`/blog/${blogId}`);
  await expect(likes).toHaveText('0 likes');
  await like.click();
  await expect(page.getByText(Messages.loginToLike)).toBeVisible();
  await expect(likes).toHaveText('0 likes');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  await signIn(page, reader);
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  // The like shows at once; the reload below must wait for the server's answer, or it may read the blog before the like is stored.
  const liked = page.waitForResponse((response) => response.url().endsWith('/api/blog/like-blog'));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(likes).toHaveText('1 like');
  expect((await liked).ok()).toBe(true);
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(likes).toHaveText('1 like');
  await like.click();
  await expect(likes).toHaveText('0 likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toBeEnabled();

  // The author deletes the blog while the reader has it open: the like is refused and undone.
  await apiPost(request, '/api/blog/delete-blog', { blog_id: blogId }, author);
  await like.click();
  await expect(page.getByText('Blog not found')).toBeVisible();
  await expect(likes).toHaveText('0 likes');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
});

test('the author sees Edit; sharing links, copy link, the comments button and Similar Blogs', async ({
  page,
  context,
  request,
}) => {
  const author = await createUser(request);
  const tag = uniqueTag();
  const other = await createUser(request);
  const similarA = await createBlog(request, other, { title: `Similar A ${tag}`, tags: [tag, 'travel'] });
  const similarB = await createBlog(request, author, { title: `Similar B ${tag}`, tags: ['cooking', tag] });
  await createBlog(request, other, { title: `Unrelated ${tag}`, tags: ['travel'] });
  await createBlog(request, other, { title: `Draft ${tag}`, tags: [tag], draft: true });
  const blogId = await createBlog(request, author, { title: `Main ${tag}`, tags: [tag] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, author);
  await page.goto(`/blog/${blogId}`);

  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/editor/${blogId}`);

  const url = new URL(`/blog/${blogId}`, page.url()).href;
  await expect(page.getByRole('link', { name: 'Share on X (Twitter)' })).toHaveAttribute(
    'href',
    new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${encodeURIComponent(url).replace(/[.?]/g, '\\$&')}`),
  );
  await expect(page.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  );
  await expect(page.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  );
  const canShare = await page.evaluate(() => 'share' in navigator);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(canShare ? 1 : 0);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const similar = page.getByRole('region', { name: 'Similar Blogs' });
  await expect(similar.getByRole('article')).toHaveCount(2);
  await expect(similar.getByRole('link', { name: `Similar B ${tag}` })).toHaveAttribute('href', `/blog/${similarB}`);
  await expect(similar.getByRole('link', { name: `Similar A ${tag}` })).toHaveAttribute('href', `/blog/${similarA}`);

  await expect(page.getByTestId('total-comments')).toHaveText('0 comments');
  await page.getByRole('button', { name: 'Comments' }).click();
  await expect(page.getByRole('dialog', { name: 'Comments' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Comments' })).toBeHidden();

  await similar.getByRole('link', { name: `Similar A ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Similar A ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('a missing blog or someone else’s draft shows the not-found page', async ({ page, request, consoleErrors }) => {
  consoleErrors.allow(/status of 404/);
  const author = await createUser(request);
  const draftId = await createBlog(request, author, { draft: true, title: 'Not yet' });
  for (const path of ['/blog/no-such-blog-anywhere', `/blog/${draftId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: Messages.pageNotFound })).toBeVisible();
    await expect(page.getByText('Not yet')).toHaveCount(0);
  }
});

test('an unknown blog answers 404 and shows Page not found at once, after one request', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/blog/get-blog') asked.push(request.url());
  });
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/blog/get-blog');
  const response = await page.goto('/blog/nope-123');
  expect(response?.status()).toBe(404);
  expect((await answered).status()).toBe(404);
  // No retry of a 404, which used to keep the skeleton a second longer.
  await expect(page.getByRole('heading', { name: Messages.pageNotFound })).toBeVisible({ timeout: 900 });
  expect(asked).toHaveLength(1);
});
