import type { Locator, Page } from '@playwright/test';
import { commentOn, publishedBlog } from './support/conversation.ts';
import { createUser, expect, signIn, test } from './support/fixtures.ts';

/** Whether the element with focus is inside `container`. */
const focusInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

/**
 * What has focus, named for a failure message, with the outline it shows; null when nothing has,
 * or when focus has come round again to a control already seen (Chromium wraps Tab to the top).
 */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body || focused.dataset.ringSeen) return null;
    focused.dataset.ringSeen = 'yes';
    const style = getComputedStyle(focused);
    const name =
      focused.getAttribute('aria-label') ??
      (focused.textContent?.trim().slice(0, 40) || focused.getAttribute('placeholder'));
    return {
      control: `${focused.tagName.toLowerCase()} "${name}"`,
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      width: parseFloat(style.outlineWidth),
      style: style.outlineStyle,
    };
  });

/**
 * Tabs through the whole screen, from the top until focus leaves the page or comes round again
 * (or `limit` stops), and answers every control that showed no solid outline at least 2 px wide.
 */
async function controlsWithoutRing(page: Page, limit = 60) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missing: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (!ring) break;
    if (ring.style !== 'solid' || ring.width < 2) missing.push(`${ring.control}: ${ring.outline}`);
  }
  return missing;
}

test('after a route change focus is on the new screen’s heading, but not on the first load', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Focus Author');
  const blog = await publishedBlog(request, author);
  // A reading page's link loads a page the server renders: the first load of a page, where focus
  // starts at its top, as on any page.
  await page.goto(`/user/${author.username}`);
  await expect(page.getByRole('heading', { level: 1, name: `@${author.username}` })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.getByRole('link', { name: blog.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  // The app's screens, from the first it renders (the sign-in) on, are route changes.
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  // A heading kept from view on this screen still takes focus.
  await page.getByRole('link', { name: 'Inkwell home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeFocused();
  // Searching from the bar moves there too.
  await page.getByRole('searchbox', { name: 'Search' }).fill(blog.title);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Search results for "${blog.title}"` })).toBeFocused();
  await page.getByRole('link', { name: blog.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeFocused();
});

test('the comments panel is a modal dialog: focus moves in, Tab stays inside, Escape closes and returns focus', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Dialog Author');
  const reader = await createUser(request, 'Dialog Reader');
  const blog = await publishedBlog(request, author);
  await commentOn(request, reader, blog, 'First thought');
  await commentOn(request, reader, blog, 'Second thought');
  await signIn(page, reader);
  await page.goto(`/blog/${blog.blog_id}`);

  const opener = page.getByRole('button', { name: 'Comments', exact: true });
  // Enabled once the page has hydrated; a disabled button takes no focus.
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Comments (2)' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('button', { name: 'Close comments' })).toBeFocused();
  await expect(dialog.getByText('Second thought')).toBeVisible();

  // Round and round, both ways, without leaving.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `after ${i + 1} Tab`).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Close comments' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' }).last()).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `after ${i + 1} Shift+Tab`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The page behind is out of reach: a click on it closes the dialog and does nothing else.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(20, 400);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/blog/${blog.blog_id}`);
});

test('every control of the signed-out screens shows a focus outline', async ({ page, request }) => {
  const author = await createUser(request, 'Ring Author');
  const reader = await createUser(request, 'Ring Reader');
  const blog = await publishedBlog(request, author);
  await commentOn(request, reader, blog, 'Nice one');

  for (const path of ['/signin', '/signup', '/forgot-password', `/blog/${blog.blog_id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await controlsWithoutRing(page), `controls without an outline on ${path}`).toEqual([]);
  }
});

test('every control of the signed-in screens shows a focus outline', async ({ page, request }) => {
  const author = await createUser(request, 'Ring Author');
  await publishedBlog(request, author);
  await signIn(page, author);
  for (const path of ['/', `/user/${author.username}`, '/dashboard/notification', '/settings/change-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await controlsWithoutRing(page), `controls without an outline on ${path}`).toEqual([]);
  }
  // The statistics' period links, blog picker and each chart's Show as table, once the charts are in.
  await page.goto('/dashboard/stats');
  await expect(page.getByText('Show as table')).toHaveCount(5);
  expect(await controlsWithoutRing(page), 'controls without an outline on /dashboard/stats').toEqual([]);
});

test('the profile menu and the comments dialog, opened by keyboard, show a focus outline', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Ring Author');
  const reader = await createUser(request, 'Ring Reader');
  const blog = await publishedBlog(request, author);
  await commentOn(request, reader, blog, 'Nice one');
  await signIn(page, author);
  await page.goto(`/blog/${blog.blog_id}`);
  await page.getByRole('button', { name: 'Open profile menu' }).focus();
  await page.keyboard.press('Enter');
  expect((await focusRing(page))?.style).toBe('solid');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Comments', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Comments/ });
  await expect(dialog.getByRole('button', { name: 'Close comments' })).toBeFocused();
  // The comments load as the dialog opens: the round starts once the reader's comment is there.
  await expect(dialog.getByRole('listitem', { name: 'Comment by Ring Reader' })).toBeVisible();
  // Close, the comment box, its button, the comment's Reply and Delete: then round again.
  const seen: string[] = [];
  for (let ring = await focusRing(page); ring; ring = await focusRing(page)) {
    expect(ring.style === 'solid' && ring.width >= 2, `${ring.control}: ${ring.outline}`).toBe(true);
    seen.push(ring.control);
    await page.keyboard.press('Tab');
  }
  expect(seen.length, seen.join(', ')).toBeGreaterThanOrEqual(4);
});

test('the profile menu works by keyboard: arrows move, Escape closes and gives focus back', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Open profile menu' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Profile' });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // Write is for small screens; the first entry shown takes focus.
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: `Sign Out @${user.username}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Blogs' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the search toggle opens the box with focus in it; Escape closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Toggle search' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(toggle).toBeEnabled();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.type('cooking');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search/cooking');
  });

  test('the sidebar folds into a menu button naming the screen; it opens, marks the current page and closes by keyboard', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await signIn(page, user);
    await page.goto('/dashboard/blogs');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard and settings' });
    const toggle = sidebar.getByRole('button', { name: 'Blogs' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Change Password' })).toBeHidden();
    // The content has the whole width.
    const content = await page.getByRole('heading', { level: 1, name: 'Manage Blogs' }).locator('..').boundingBox();
    expect(content!.width).toBeGreaterThan(300);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('link', { name: 'Blogs' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Notification' })).not.toHaveAttribute('aria-current');
    await page.keyboard.press('Tab');
    await expect(sidebar.getByRole('link', { name: 'Blogs' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar.getByRole('link', { name: 'Blogs' })).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await sidebar.getByRole('link', { name: 'Change Password' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/settings/change-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeFocused();
    await expect(sidebar.getByRole('button', { name: 'Change Password' })).toHaveAttribute('aria-expanded', 'false');
  });
});
