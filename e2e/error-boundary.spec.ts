import { checkScreen, installAxe } from './support/axe.ts';
import { createBlog, createUser, expect, test, uniqueId } from './support/fixtures.ts';
import { uniqueTag } from './support/reading-data.ts';

/*
 * A screen that throws while it renders: the blog page, fed a blog whose title is no text (a lone
 * UTF-16 surrogate, which no stored blog can hold, passes the contract's string but breaks the share
 * links' encodeURIComponent).
 */

test('a screen that fails to render says so, with Try again and a way home, under a top bar that still works', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/URI malformed/);
  consoleErrors.allow(/status of 404/);
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('A screen failed to render:'))
      failures.push(message.text());
  });
  const author = await createUser(request);
  const mark = uniqueId();
  const broken = `Unreadable ${mark}`;
  const fine = `Readable ${mark}`;
  // A tag of their own: no other test's blog page shows them as Similar Blogs.
  const tags = [uniqueTag()];
  const brokenId = await createBlog(request, author, { title: broken, tags });
  const fineId = await createBlog(request, author, { title: fine, tags });
  await page.route('**/api/blog/get-blog', async (route) => {
    const response = await route.fetch();
    if ((route.request().postDataJSON() as { blog_id: string }).blog_id !== brokenId)
      return route.fulfill({ response });
    const answer = (await response.json()) as { blog: { title: string } };
    answer.blog.title += '\ud800';
    await route.fulfill({ response, body: JSON.stringify(answer) });
  });
  await installAxe(page);

  // The app renders the screens after a page of its own (a reading page's links load pages the server
  // renders): from a 404, to the profile, to the blog as the app renders it.
  await page.goto('/no-such-page');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/user/${author.username}`);
  await page.getByRole('link', { name: broken, exact: true }).click();
  await expect(page).toHaveURL(`/blog/${brokenId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('This page ran into a problem and could not be shown.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('Something went wrong | Inkwell');
  await expect.poll(() => failures.length).toBe(1);
  expect(failures[0]).toContain('URI malformed');

  // Try again renders the screen afresh: the blog still cannot be shown, and says so again.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => failures.length).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();

  // The top bar works: a search goes to its screen, and back is the failed blog again.
  await page.getByRole('searchbox', { name: 'Search' }).fill(fine);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('link', { name: fine, exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();

  // Another address of the same screen shows that one (the app's router follows history).
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/blog/${fineId}`);
  await expect(page.getByRole('heading', { level: 1, name: fine, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await checkScreen(page, 'a screen that failed to render');
});
