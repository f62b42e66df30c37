import { Messages, TOPIC_TAGS } from '@inkwell/contracts';
import { apiPost, createBlog, createUser, expect, test, type TestUser } from './support/fixtures.ts';
import { startEmptySite } from './support/empty-site.ts';
import { recordScripts, uniqueTag } from './support/reading-data.ts';

// This spec is the only one that files blogs under this topic, so its list is this test's alone.
const TOPIC = 'film making';

/** Blogs filed under TOPIC, deleted after each attempt so that a retry finds the topic empty again. */
const filed: { author: TestUser; blogId: string }[] = [];
test.afterEach(async ({ request }) => {
  for (const { author, blogId } of filed.splice(0))
    await apiPost(request, '/api/blog/delete-blog', { blog_id: blogId }, author);
});

test('home lists blogs with their details, loads more, filters by topic, resets on a new topic and goes back home', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Home Author');
  const mark = uniqueTag();
  const ids: string[] = [];
  for (let i = 0; i < 11; i++) {
    ids.push(await createBlog(request, author, { title: `Film ${String(i).padStart(2, '0')} ${mark}`, tags: [TOPIC] }));
    filed.push({ author, blogId: ids[i]! });
  }
  const scripts = recordScripts(page);
  await page.goto('/');

  const tabs = page.getByRole('tablist', { name: 'Blogs' });
  await expect(tabs.getByRole('tab', { name: 'home' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(10);

  const topics = page.getByRole('group', { name: 'Topics' });
  await expect(topics.getByRole('button')).toHaveText([...TOPIC_TAGS]);
  await topics.getByRole('button', { name: TOPIC }).click();
  await expect(tabs.getByRole('tab', { name: TOPIC })).toHaveAttribute('aria-selected', 'true');
  await expect(topics.getByRole('button', { name: TOPIC })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(10);

  // Newest first, with everything a card shows.
  const newest = cards.first();
  await expect(newest).toHaveAccessibleName(`Film 10 ${mark}`);
  await expect(newest.getByRole('link', { name: `Film 10 ${mark}` })).toHaveAttribute('href', `/blog/${ids[10]}`);
  await expect(newest.getByRole('link', { name: /Home Author/ })).toHaveAttribute('href', `/user/${author.username}`);
  await expect(newest.getByText(/· \d{1,2} \w{3,4} \d{4}/)).toBeVisible();
  await expect(newest.getByText('Notes from a long walk.')).toBeVisible();
  await expect(newest.getByText(TOPIC, { exact: true })).toBeVisible();
  await expect(newest.getByText('0 likes')).toBeVisible();
  // The first card's banner is fetched at once; the others wait until they come near.
  await expect(newest.locator('img[src*="/uploads/"]')).toHaveAttribute('fetchpriority', 'high');
  await expect(cards.nth(1).locator('img[src*="/uploads/"]')).toHaveAttribute('loading', 'lazy');

  // Load More while fewer than the total are loaded.
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Load More' })).toBeHidden();
  const titles = await cards.evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));
  expect(titles).toEqual(ids.map((_, i) => `Film ${String(10 - i).padStart(2, '0')} ${mark}`));

  // Another topic, then this one again: the list starts over from page 1.
  await topics.getByRole('button', { name: 'social media' }).click();
  await expect(tabs.getByRole('tab', { name: 'social media' })).toHaveAttribute('aria-selected', 'true');
  await topics.getByRole('button', { name: TOPIC }).click();
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Load More' })).toBeVisible();

  // The active topic again returns home.
  await topics.getByRole('button', { name: TOPIC }).click();
  await expect(tabs.getByRole('tab', { name: 'home' })).toHaveAttribute('aria-selected', 'true');
  await expect(topics.getByRole('button', { name: TOPIC })).toHaveAttribute('aria-pressed', 'false');
  await expect(cards).toHaveCount(10);

  await scripts.expectNoEditorCode();
});

test('trending stands beside the list on a wide screen, numbered 01, 02…', async ({ page, request }) => {
  const author = await createUser(request);
  const title = `Much liked ${uniqueTag()}`;
  const blogId = await createBlog(request, author, { title });
  const { blog } = await apiPost<{ blog: { _id: string } }>(request, '/api/blog/get-blog', { blog_id: blogId });
  const fans = await Promise.all([createUser(request), createUser(request), createUser(request)]);
  for (const fan of [author, ...fans])
    await apiPost(request, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, fan);
  await page.goto('/');

  await expect(page.getByRole('tab', { name: 'trending blogs' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Trending' })).toBeVisible();
  const trending = page.getByRole('list', { name: 'Trending blogs' });
  const entries = trending.getByRole('article');
  await expect(entries.first()).toBeVisible();
  const count = await entries.count();
  expect(count).toBeLessThanOrEqual(10);
  await expect(entries).toContainText(Array.from({ length: count }, (_, i) => String(i + 1).padStart(2, '0')));
  const mine = trending.getByRole('article', { name: title });
  await expect(mine.getByRole('link', { name: new RegExp(`^\\d\\d ${title}$`) })).toHaveAttribute(
    'href',
    `/blog/${blogId}`,
  );
});

test('failures: the toasts of docs/product/rules.md, and a count failure yields an empty list', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  consoleErrors.allow(/Could not reach the server/);
  await page.route('**/api/blog/latest-blogs', (route) => route.abort());
  await page.route('**/api/blog/trending-blogs', (route) => route.abort());
  await page.route('**/api/blog/search-blogs', (route) => route.abort());
  // The home page comes with its lists from the server: the browser loads them itself when one follows a link to it.
  await page.goto('/no-such-page');
  // The app renders a 404 afresh: its links are the app's once it runs.
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
  await page.getByRole('link', { name: 'home page' }).click();
  await expect(page.getByText(Messages.fetchLatestFailed)).toBeVisible();
  await expect(page.getByText(Messages.fetchTrendingFailed)).toBeVisible();
  await page.getByRole('group', { name: 'Topics' }).getByRole('button', { name: 'cooking' }).click();
  await expect(page.getByText(Messages.fetchCategoryFailed)).toBeVisible();

  await page.unrouteAll();
  await page.route('**/api/blog/all-latest-blogs-count', (route) => route.abort());
  await page.goto('/no-such-page');
  // The app renders a 404 afresh: its links are the app's once it runs.
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
  await page.getByRole('link', { name: 'home page' }).click();
  await expect(page.getByRole('tabpanel').getByText('No blogs published')).toBeVisible();
  await expect(page.getByText(Messages.fetchLatestFailed)).toHaveCount(0);
});

test('a site with no blogs says so in both lists', async ({ page }) => {
  const site = await startEmptySite();
  try {
    await page.goto(site.url);
    await expect(page.getByRole('tabpanel').getByText('No blogs published')).toBeVisible();
    await expect(page.getByText('No trending blogs')).toBeVisible();
    // Once idle the page fetches the app into the cache: from this site, which must still be there.
    await page.waitForLoadState('networkidle');
  } finally {
    await site.close();
  }
});
