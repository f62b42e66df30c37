import { Messages } from '@inkwell/contracts';
import { createBlog, createUser, expect, test, uploadImage } from './support/fixtures.ts';
import { everyBlock, expectEveryBlock, uniqueTag } from './support/reading-data.ts';

// Run by the no-javascript project: what readers and crawlers that run no script get from the server.

test('a blog: every block type, sanitised as in the browser, its author and its similar blogs, as links', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Nora Script');
  const image = await uploadImage(request, author);
  const tag = uniqueTag();
  const similar = await createBlog(request, author, { title: `Also ${tag}`, tags: [tag] });
  const title = `Read without script ${tag}`;
  const blogId = await createBlog(request, author, { title, tags: [tag], content: everyBlock(image) });

  const response = await page.goto(`/blog/${blogId}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Inkwell`);
  await expect(page.getByRole('link', { name: '@' + author.username }).first()).toHaveAttribute(
    'href',
    `/user/${author.username}`,
  );
  await expect(page.getByText(/^Published on \d{1,2} \w{3,4} \d{4}/)).toBeVisible();
  await expectEveryBlock(page, image);
  await expect(
    page.getByRole('region', { name: 'Similar Blogs' }).getByRole('link', { name: `Also ${tag}` }),
  ).toHaveAttribute('href', `/blog/${similar}`);
});

test('home pages through links (/?page=2) and filters by topic through links (/?tag=…)', async ({ page, request }) => {
  const author = await createUser(request);
  const tag = uniqueTag();
  for (let i = 0; i < 11; i++) await createBlog(request, author, { title: `Paged ${i} ${tag}`, tags: ['tech'] });

  await page.goto('/');
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(10);
  const more = page.getByRole('link', { name: 'Load More' });
  await expect(more).toHaveAttribute('href', '/?page=2');
  await more.click();
  await expect(page).toHaveURL('/?page=2');
  expect(await cards.count()).toBeGreaterThan(10);
  await expect(page.getByRole('link', { name: `Paged 0 ${tag}` })).toBeVisible();

  const topics = page.getByRole('group', { name: 'Topics' });
  await topics.getByRole('link', { name: 'tech' }).click();
  await expect(page).toHaveURL('/?tag=tech');
  await expect(page.getByRole('tab', { name: 'tech' })).toHaveAttribute('aria-selected', 'true');
  await expect(topics.getByRole('link', { name: 'tech' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: `Paged 10 ${tag}` })).toBeVisible();
  // The chosen topic's link goes back home.
  await expect(topics.getByRole('link', { name: 'tech' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Load More' })).toHaveAttribute('href', '/?tag=tech&page=2');
});

test('a profile with its blogs, and search results', async ({ page, request }) => {
  const author = await createUser(request, 'Petra Profile');
  const tag = uniqueTag();
  const title = `Profiled ${tag}`;
  const blogId = await createBlog(request, author, { title, tags: [tag] });

  await page.goto(`/user/${author.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`@${author.username}`);
  await expect(page.getByText('Petra Profile', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/blog/${blogId}`);

  await page.goto(`/search/${tag}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${tag}"`);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/blog/${blogId}`);
});

test('an unknown blog or user, and a draft, answer 404 with the not-found page', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  const author = await createUser(request);
  const draftTitle = `Secret draft ${uniqueTag()}`;
  const draft = await createBlog(request, author, { title: draftTitle, draft: true });

  for (const path of ['/blog/no-such-blog', '/user/no-such-user-here', `/blog/${draft}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(Messages.pageNotFound);
    expect(await response?.text()).not.toContain(draftTitle);
  }
});

test('a path that is no page of the app answers 404 with the not-found page, as scanners and crawlers get it', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  const tooLong = 'x'.repeat(400); // longer than any blog id, username or preview token
  for (const path of [
    '/backup.sql',
    '/wp-login.php',
    '/admin.php',
    '/.env',
    '/no/such/page',
    '/blog/a/b',
    `/blog/${tooLong}`,
    `/user/${tooLong}`,
    `/preview/${tooLong}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()['content-type'], path).toBe('text/html; charset=utf-8');
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(Messages.pageNotFound);
  }
});
