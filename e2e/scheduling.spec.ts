import type { Page } from '@playwright/test';
import { EditorMessages, Messages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { apiPost, createBlog, createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';

/*
 * Scheduled publishing and draft preview links. The e2e stack looks for due blogs every second
 * (SCHEDULED_PUBLISH_SECONDS=1), on the real clock: a blog scheduled a few seconds ahead comes out
 * while the test polls for it.
 */

// Each test checks screens with axe at several widths, light and dark (checkScreen): slow on a loaded machine.
test.describe.configure({ timeout: 180_000 });
test.beforeEach(({ page }) => installAxe(page));

/**
 * Whether the author's profile, as the server renders it for a signed-out visitor, lists the blog.
 * (Not the home page: the specs beside this one publish many blogs, which push it off the first page.)
 */
async function profileShows(visitor: Page, username: string, title: string) {
  await visitor.goto(`/user/${username}`);
  return (await visitor.getByRole('heading', { name: title }).count()) > 0;
}

test('a blog scheduled in the editor waits on the dashboard, hidden from readers, and comes out at its time', async ({
  page,
  browser,
  request,
}) => {
  const author = await createUser(request);
  const title = `Comes out soon ${uniqueId()}`;
  const blogId = await createBlog(request, author, { title, draft: true });
  await signIn(page, author);
  await page.goto(`/editor/${blogId}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await settings.getByRole('radio', { name: 'Schedule for later' }).check();
  const when = settings.getByLabel(/^Date and time \(.+\)$/);
  await expect(
    settings.getByText(
      `Date and time (${await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)})`,
    ),
  ).toBeVisible();
  await checkScreen(page, 'publish settings, scheduling');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A time in the past is refused beside the field.
  await when.fill('2020-01-01T09:00');
  await settings.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(when).toHaveAttribute('aria-invalid', 'true');

  // Some seconds ahead, as the browser's clock reads in its own zone.
  const local = await page.evaluate(() => {
    const d = new Date(Date.now() + 20_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  });
  await when.fill(local);
  await settings.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, EditorMessages.scheduled);
  await expect(page).toHaveURL('/');

  await page.goto('/dashboard/blogs');
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const card = page.getByRole('listitem', { name: title });
  await expect(card.getByText(/^Scheduled for \d{1,2} \w{3,4} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  const scheduledFor = Date.parse((await card.locator('time').getAttribute('datetime'))!);
  expect(new Date(scheduledFor).toISOString()).toBe(
    await page.evaluate((value) => new Date(value).toISOString(), local),
  );
  await expect(card.getByRole('link', { name: 'Reschedule' })).toHaveAttribute('href', `/editor/${blogId}`);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    expect(await profileShows(visitor, author.username, title)).toBe(false);
    await expect
      .poll(() => profileShows(visitor, author.username, title), { timeout: 60_000, intervals: [2_000] })
      .toBe(true);
    const blog = await apiPost<{ blog: { publishedAt: string } }>(request, '/api/blog/get-blog', { blog_id: blogId });
    expect(Date.parse(blog.blog.publishedAt)).toBe(scheduledFor);
  } finally {
    await visitorContext.close();
  }
});

test('a scheduled blog is published now, or taken back to a plain draft, from the dashboard', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const now = `Publish me now ${uniqueId()}`;
  const back = `Not yet after all ${uniqueId()}`;
  const nowId = await createBlog(request, author, { title: now, publishAt: inAnHour });
  const backId = await createBlog(request, author, { title: back, publishAt: inAnHour });
  await signIn(page, author);
  await page.goto('/dashboard/blogs');
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const nowCard = page.getByRole('listitem', { name: now });
  const backCard = page.getByRole('listitem', { name: back });
  await expect(nowCard.getByText(/^Scheduled for /)).toBeVisible();
  await checkScreen(page, 'dashboard, scheduled blogs');

  await nowCard.getByRole('button', { name: 'Publish now' }).click();
  await expectToast(page, 'Published');
  await expect(nowCard).toBeHidden();
  expect((await request.post('/api/blog/get-blog', { data: { blog_id: nowId } })).status()).toBe(200);
  await page.getByRole('tab', { name: 'Published Blogs' }).click();
  await expect(page.getByRole('listitem', { name: now }).getByText(/^Published on /)).toBeVisible();

  await page.getByRole('tab', { name: 'Drafts' }).click();
  await backCard.getByRole('button', { name: 'Back to draft' }).click();
  await expectToast(page, 'Back to draft: no longer scheduled');
  await expect(backCard.getByText(/^Last edited /)).toBeVisible();
  await expect(backCard.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/editor/${backId}`);
  const own = await apiPost<{ blog: { publishAt: string | null; draft: boolean } }>(
    request,
    '/api/blog/get-blog',
    { blog_id: backId, mode: 'edit' },
    author,
  );
  expect(own.blog).toMatchObject({ draft: true, publishAt: null });
});

test('a preview link shows the draft to a signed-out visitor, kept from search engines, until it is revoked', async ({
  page,
  browser,
  request,
}) => {
  const author = await createUser(request);
  const title = `Sneak peek ${uniqueId()}`;
  const blogId = await createBlog(request, author, {
    title,
    draft: true,
    content: [{ blocks: [{ id: 'p1', type: 'paragraph', data: { text: 'Only for my editor’s eyes.' } }] }],
  });
  await signIn(page, author);
  await page.goto(`/editor/${blogId}`);
  const share = page.getByRole('region', { name: 'Preview link' });
  // By keyboard: the disclosure opens, and the link is made.
  await share.getByRole('button', { name: 'Share preview' }).focus();
  await page.keyboard.press('Enter');
  await expect(share.getByRole('button', { name: 'Share preview' })).toHaveAttribute('aria-expanded', 'true');
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = share.getByRole('textbox', { name: 'Preview link' });
  await expect(link).toHaveValue(/\/preview\/[\w-]{43}$/);
  const url = await link.inputValue();
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await checkScreen(page, 'editor, preview link');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await installAxe(visitor);
  try {
    const res = await visitor.goto(url);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['x-robots-tag']).toMatch(/noindex/);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('Only for my editor’s eyes.')).toBeVisible();
    await expect(visitor.getByText('Preview — not published.')).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await checkScreen(visitor, 'draft preview');

    await share.getByRole('button', { name: 'Revoke link' }).click();
    await expect(share.getByRole('status')).toHaveText('The preview link was revoked: it no longer works.');
    const gone = await visitor.goto(url);
    expect(gone!.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: Messages.pageNotFound })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});

test('Save Draft on a scheduled blog asks first, since it cancels the schedule', async ({ page, request }) => {
  const author = await createUser(request);
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const blogId = await createBlog(request, author, { title: `Wait for it ${uniqueId()}`, publishAt: inAnHour });
  const schedule = async () =>
    (
      await apiPost<{ blog: { publishAt: string | null } }>(
        request,
        '/api/blog/get-blog',
        { blog_id: blogId, mode: 'edit' },
        author,
      )
    ).blog.publishAt;
  await signIn(page, author);
  await page.goto(`/editor/${blogId}`);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(
    page.getByText(/^Save as a draft\? That cancels its schedule: it will not be published on /),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await schedule()).toBe(inAnHour);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, EditorMessages.draftSaved);
  expect(await schedule()).toBeNull();
});
