import type { Page } from '@playwright/test';
import { EditorMessages, ErrorMessages, Messages, SettingsMessages } from '@inkwell/contracts';
import { createUser, expect, signIn, test } from './support/fixtures.ts';

/** Each toast on screen, icon and text (react-hot-toast puts role=status on the text only). */
const toastsSaying = (page: Page, text: string) =>
  page.locator('[data-rht-toaster] > div > div').filter({ hasText: text });

interface ShownToast {
  text: string;
  svgIcon: boolean;
}

/**
 * Runs in the page: keeps every change of the set of toasts on screen (a dismissed one leaves, as
 * react-hot-toast takes its wrapper's class away), so a check does not race a toast's few seconds.
 */
function recordToastScreens() {
  if (window.top !== window) return;
  const screens: ShownToast[][] = [];
  Object.assign(window, { __toastScreens: screens });
  new MutationObserver(() => {
    const shown = Array.from(document.querySelectorAll('[data-rht-toaster] > div'))
      .filter((wrapper) => wrapper.className)
      .map((wrapper) => ({ text: wrapper.textContent ?? '', svgIcon: wrapper.querySelector('svg') !== null }));
    if (JSON.stringify(shown) !== JSON.stringify(screens.at(-1) ?? [])) screens.push(shown);
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['class'],
  });
}

const toastScreens = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toastScreens: ShownToast[][] }).__toastScreens);

/** The toasts on screen when one starting with `text` first showed. */
async function screenWhenShown(page: Page, text: string): Promise<ShownToast[]> {
  const find = (wanted: string) =>
    (window as unknown as { __toastScreens: ShownToast[][] }).__toastScreens.find((screen) =>
      screen.some((toast) => toast.text.startsWith(wanted)),
    ) ?? null;
  await expect.poll(() => page.evaluate(find, text), { message: `a toast saying "${text}"` }).not.toBeNull();
  return (await page.evaluate(find, text))!;
}

test.beforeEach(({ page }) => page.addInitScript(recordToastScreens));

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
  }
  await expect(toastsSaying(page, ErrorMessages.wrong_credentials).first()).toBeVisible();
  const mostAtOnce = Math.max(
    ...(await toastScreens(page)).map(
      (screen) => screen.filter((toast) => toast.text === ErrorMessages.wrong_credentials).length,
    ),
  );
  expect(mostAtOnce).toBe(1);

  // A different refusal of the same form takes its place too.
  await page.getByLabel('Email').fill('');
  await signInButton.click();
  expect((await screenWhenShown(page, Messages.enterEmail)).map((toast) => toast.text)).toEqual([Messages.enterEmail]);
});

test('a success after an error of the same form leaves no error toast', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings/edit-profile');
  const username = page.getByLabel('Username');
  const update = page.getByRole('button', { name: 'Update' });
  await username.fill('ed');
  await update.click();
  // Shown before the success comes: the first toast loads the toaster, and a success of the same
  // form arriving meanwhile takes the error's place before it was ever on screen.
  await screenWhenShown(page, Messages.usernameTooShort);
  await username.fill(`${user.username}_2`.slice(0, 30));
  await update.click();

  const atSuccess = await screenWhenShown(page, SettingsMessages.profileUpdated);
  expect(atSuccess.map((toast) => toast.text)).toEqual([SettingsMessages.profileUpdated]);
});

test('a success toast shows an svg icon and no emoji', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/editor');
  await page.getByRole('textbox', { name: 'Blog Title' }).fill('Notes on toast');
  await page.getByRole('button', { name: 'Save Draft' }).click();

  await expect(page).toHaveURL('/');
  const saved = (await screenWhenShown(page, EditorMessages.draftSaved)).find((toast) =>
    toast.text.startsWith(EditorMessages.draftSaved),
  )!;
  expect(saved.text).not.toMatch(/[\p{Extended_Pictographic}\p{Regional_Indicator}\u{FE0F}]/u);
  expect(saved.svgIcon).toBe(true);
});
