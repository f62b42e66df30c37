import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AuthorStatsResponse, SiteStatsResponse } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { commentOn, publishedBlog } from './support/conversation.ts';
import { signInOn, startEmptySite } from './support/empty-site.ts';
import { apiPost, createUser, expect, signIn, test, uniqueId, type TestUser } from './support/fixtures.ts';

/** A UTC day as the charts name it: 29 Nov 2026. */
const dayName = (time: number) =>
  new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY_MS = 86_400_000;

/** A chart by its name, the total beside it, and its table once opened. */
const chart = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const openTable = async (region: Locator) => {
  await region.getByText('Show as table').click();
  return region.getByRole('table');
};

/** Reads are counted in batches (READ_FLUSH_SECONDS): the numbers are asked until the reads show. */
async function siteStats(request: APIRequestContext, admin: TestUser) {
  const res = await request.get('/api/admin/site-stats', { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SiteStatsResponse;
}

test('an admin’s overview charts the last 90 days: a member signs up, publishes, is commented and read', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  // A site of its own: its numbers are this test's alone.
  const site = await startEmptySite({ READ_FLUSH_SECONDS: '0.5' });
  const api = await playwright.request.newContext({ baseURL: site.url });
  try {
    const owner = await createUser(api, 'First Owner'); // the first account owns the site
    const member = await createUser(api, 'New Member');
    const blog = await publishedBlog(api, member, { title: `A first blog ${uniqueId()}` });
    await commentOn(api, owner, blog, 'Welcome aboard');
    await apiPost(api, '/api/blog/get-blog', { blog_id: blog.blog_id }, owner);
    await expect.poll(async () => (await siteStats(api, owner)).reads.total, { timeout: 20_000 }).toBe(1);

    await signInOn(page, site.url, owner.session);
    await installAxe(page);
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(`${site.url}/admin`);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }),
    ).toHaveAttribute('aria-current', 'page');

    const today = dayName(Date.now());
    const first = dayName(Date.now() - 89 * DAY_MS);
    for (const [name, total] of [
      ['Sign-ups', 2],
      ['Blogs published', 1],
      ['Comments', 1],
      ['Reads', 1],
    ] as const) {
      await expect(chart(page, name)).toContainText(`${total} in all`);
      await expect(chart(page, name).getByRole('img')).toHaveAttribute(
        'aria-label',
        `${name} per day, ${first} to ${today}: ${total} in all, the most ${total} (${today}).`,
      );
    }
    // Behind the chart, every day of the 90, the last today's.
    const signUps = await openTable(chart(page, 'Sign-ups'));
    await expect(signUps).toHaveAccessibleName('Sign-ups per day');
    await expect(signUps.getByRole('row')).toHaveCount(91);
    await expect(signUps.getByRole('row').nth(1)).toHaveText(`${first}0`);
    await expect(signUps.getByRole('row').last()).toHaveText(`${today}2`);
    await expect(page.getByRole('heading', { name: 'Site health', level: 2 })).toBeVisible();
    await checkScreen(page, 'the admins’ overview, a table open');

    // The old address of the site's health leads to the overview.
    await page.goto(`${site.url}/admin/health`);
    await expect(page).toHaveURL(`${site.url}/admin`);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

    // A moderator lands on the members, as before, and has no overview; a member is told it is not theirs.
    await apiPost(api, '/api/admin/member/role', { username: member.username, role: 'moderator' }, owner);
    const plain = await createUser(api, 'Plain Member');
    for (const [user, shows] of [
      [member, (other: Page) => other.getByRole('heading', { name: 'Members', level: 1 })],
      [
        plain,
        (other: Page) => other.getByRole('alert').filter({ hasText: 'Only the site’s staff can see this page.' }),
      ],
    ] as const) {
      const context = await browser.newContext();
      const other = await context.newPage();
      await signInOn(other, site.url, user.session);
      await other.goto(`${site.url}/admin`);
      await expect(other).toHaveURL(`${site.url}/admin/members`);
      await expect(shows(other)).toBeVisible();
      await expect(other.getByRole('link', { name: 'Overview' })).toHaveCount(0);
      expect(
        (await api.get('/api/admin/site-stats', { headers: { authorization: `Bearer ${user.token}` } })).status(),
      ).toBe(403);
      await context.close();
    }
  } finally {
    await api.dispose();
    await site.close();
  }
});

test('an author sees their reads, likes, comments and followers by period and blog, and where readers came from', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const author = await createUser(request, 'Stats Author');
  const reader = await createUser(request, 'Keen Reader');
  const read = await publishedBlog(request, author, { title: `Counted words ${uniqueId()}` });
  const quiet = await publishedBlog(request, author, { title: `Quiet words ${uniqueId()}` });
  await apiPost(request, '/api/blog/like-blog', { _id: read._id, isLikedByUser: false }, reader);
  await commentOn(request, reader, read, 'Lovely words');
  await apiPost(request, '/api/user/follow', { username: author.username, isFollowing: false }, reader);
  // The reader opens the quiet one from within the site; a visitor comes to the other from Hacker News.
  await apiPost(request, '/api/blog/get-blog', { blog_id: quiet.blog_id }, reader);
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/blog/read'));
  await page.goto(`/blog/${read.blog_id}`, { referer: 'https://news.ycombinator.com/item?id=1' });
  expect((await beacon).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        (await apiPost<AuthorStatsResponse>(request, '/api/dashboard/stats', { period: '30d' }, author)).reads.total,
      { timeout: 20_000 },
    )
    .toBe(2);

  await signIn(page, author);
  await installAxe(page);
  await page.goto('/dashboard/blogs');
  await page.getByRole('listitem', { name: read.title }).getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(`/dashboard/stats?blog=${read.blog_id}`);
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeAttached();
  const blogPicker = page.getByRole('combobox', { name: 'Blog' });
  await expect(blogPicker).toHaveValue(read.blog_id);
  await expect(blogPicker.locator('option:checked')).toHaveText(read.title);
  const period = page.getByRole('navigation', { name: 'Period' });
  await expect(period.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');

  const totals = async (expected: Record<string, number>) => {
    for (const [name, total] of Object.entries(expected))
      await expect(chart(page, name), name).toContainText(`${total} in all`);
  };
  await totals({ Reads: 1, Likes: 1, Comments: 1, 'New followers': 1, 'New e-mail subscribers': 0 });
  await expect(page.getByText('Readers follow and subscribe to you, not to one blog')).toBeVisible();
  const sources = page.getByRole('table', { name: 'Where readers came from' });
  await expect(sources.getByRole('row')).toHaveCount(2);
  await expect(sources.getByRole('row').last()).toHaveText('news.ycombinator.com1');
  await expect(await openTable(chart(page, 'Reads'))).toBeVisible();
  await checkScreen(page, 'an author’s statistics, a table open');

  // Seven days: seven rows behind each chart; Back returns to thirty.
  await period.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(`/dashboard/stats?period=7d&blog=${read.blog_id}`);
  await expect(period.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  await expect((await openTable(chart(page, 'Likes'))).getByRole('row')).toHaveCount(8);
  await totals({ Reads: 1, Likes: 1 });
  await page.goBack();
  await expect(page).toHaveURL(`/dashboard/stats?blog=${read.blog_id}`);
  await expect(period.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');

  // All blogs: both reads, from both sources; the quiet one: its direct read, the author's followers still.
  await blogPicker.selectOption({ label: 'All blogs' });
  await expect(page).toHaveURL('/dashboard/stats?period=30d');
  await totals({ Reads: 2, Likes: 1, Comments: 1, 'New followers': 1 });
  await expect(sources.getByRole('row')).toHaveCount(3);
  await expect(sources.getByRole('row', { name: /news\.ycombinator\.com/ })).toHaveText('news.ycombinator.com1');
  await expect(sources.getByRole('row', { name: /Direct or unknown/ })).toHaveText('Direct or unknown1');
  await blogPicker.selectOption({ label: quiet.title });
  await expect(page).toHaveURL(`/dashboard/stats?period=30d&blog=${quiet.blog_id}`);
  await totals({ Reads: 1, Likes: 0, Comments: 0, 'New followers': 1 });
  await expect(sources.getByRole('row').last()).toHaveText('Direct or unknown1');
  await period.getByRole('link', { name: 'All time' }).click();
  await expect(page).toHaveURL(`/dashboard/stats?period=all&blog=${quiet.blog_id}`);
  await totals({ Reads: 1, 'New followers': 1 });
  await page.goBack();
  await page.goBack();
  await expect(blogPicker).toHaveValue('');
  await totals({ Reads: 2 });
});
