import { Messages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { createBlog, createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';

test.beforeEach(({ page }) => installAxe(page));

test('a reader saves blogs from their pages, finds them newest first in Reading list, and removes one for good', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Saved Author');
  const reader = await createUser(request, 'Keen Reader');
  const first = `Saved first ${uniqueId()}`;
  const second = `Saved second ${uniqueId()}`;
  const firstId = await createBlog(request, author, { title: first });
  const secondId = await createBlog(request, author, { title: second });

  // A visitor is asked to log in, as when liking.
  await page.goto(`/blog/${firstId}`);
  await page.getByRole('button', { name: 'Save to reading list' }).click();
  await expectToast(page, Messages.loginToBookmark);

  await signIn(page, reader);
  await page.goto('/dashboard/reading-list');
  await expect(page.getByText('Nothing saved yet')).toBeVisible();
  await checkScreen(page, 'reading list, empty');

  for (const blogId of [firstId, secondId]) {
    await page.goto(`/blog/${blogId}`);
    const save = page.getByRole('button', { name: 'Save to reading list' });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(page.getByRole('button', { name: 'Remove from reading list' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectToast(page, 'Saved to your reading list');
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/blogs');
  await page
    .getByRole('navigation', { name: 'Dashboard and settings' })
    .getByRole('link', { name: 'Reading list' })
    .click();
  await expect(page).toHaveURL('/dashboard/reading-list');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName(second);
  await expect(cards.nth(1)).toHaveAccessibleName(first);
  await checkScreen(page, 'reading list');

  // checkScreen leaves the page 360 px wide: removing works there.
  await cards.nth(1).getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Removed from your reading list');
  await expect(cards).toHaveCount(1);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Dashboard and settings' }).getByRole('button', { name: 'Reading list' }),
  ).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAccessibleName(second);
  await cards.first().getByRole('link', { name: second }).click();
  await expect(page.getByRole('button', { name: 'Remove from reading list' })).toHaveAttribute('aria-pressed', 'true');
});
