import { createUser, expect, signIn, test } from './support/fixtures.ts';

test('on a small screen the search box hides behind a toggle and Sign Up is hidden', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeHidden();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Toggle search' });
  await toggle.click();
  await expect(search).toBeVisible();
  await toggle.click();
  await expect(search).toBeHidden();
  await toggle.click();
  await search.fill('cooking');
  await search.press('Enter');
  // The results are a page of their own, with the box behind its toggle again.
  await expect(page).toHaveURL('/search/cooking');
  await expect(search).toBeHidden();
});

test('on a small screen Write moves into the profile menu', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Write' })).toBeVisible();
});
