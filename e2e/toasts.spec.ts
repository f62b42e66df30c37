import type { Page } from '@playwright/test';
import { EditorMessages, Messages, SettingsMessages } from '@inkwell/contracts';
import { createUser, expect, signIn, test } from './support/fixtures.ts';

/** Each toast on screen, icon and text (react-hot-toast puts role=status on the text only). */
const toastsSaying = (page: Page, text: string) => page.locator('[data-rht-toaster] > div > div').filter({ hasText: text });

test('the same refused sign-in twice shows one error toast, not two', async ({ page, request, consoleErrors }) => {
  consoleErrors.allow(/status of 401/);
  const user = await createUser(request);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/user/signin'));
    await signInButton.click();
    await refused;
    await expect(toastsSaying(page, Messages.wrongCredentials)).toBeVisible();
  }
  await expect(toastsSaying(page, Messages.wrongCredentials)).toHaveCount(1);
  // A different refusal of the same form takes its place too.
  await page.getByLabel('Email').fill('');
  await signInButton.click();
  await expect(toastsSaying(page, Messages.enterEmail)).toBeVisible();
  await expect(toastsSaying(page, Messages.wrongCredentials)).toHaveCount(0);
});

test('a success after an error of the same form leaves no error toast', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings/edit-profile');
  await page.getByLabel('Username').fill('ed');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toastsSaying(page, Messages.usernameTooShort)).toBeVisible();

  await page.getByLabel('Username').fill(`${user.username}_2`.slice(0, 30));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toastsSaying(page, SettingsMessages.profileUpdated)).toBeVisible();
  await expect(toastsSaying(page, Messages.usernameTooShort)).toHaveCount(0);
});

test('a success toast shows an svg icon and no emoji', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/editor');
  await page.getByRole('textbox', { name: 'Blog Title' }).fill('Notes on toast');
  await page.getByRole('button', { name: 'Save Draft' }).click();

  const saved = toastsSaying(page, EditorMessages.draftSaved);
  await expect(saved).toBeVisible();
  // The pointer on a toast holds it, so the checks below do not race its 2 seconds.
  await saved.hover();
  await expect(saved.locator('svg')).toHaveCount(1);
  await expect(saved.locator('svg')).toBeVisible();
  expect(await saved.textContent()).not.toMatch(/[\p{Extended_Pictographic}\p{Regional_Indicator}\u{FE0F}]/u);
});
