import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueId } from './support/fixtures.ts';

const banner = path.join(import.meta.dirname, 'fixtures', 'avatar.png');

/** Presses Tab (or Shift+Tab) until `target` has focus, as someone without a mouse would. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await target.waitFor();
  for (let i = 0; i < 60 && !(await target.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/** Types into what has focus. */
const type = (page: Page, text: string) => page.keyboard.type(text);

test('keyboard only: sign up, write a blog, publish it and comment on it, without a mouse', async ({ page }) => {
  test.setTimeout(120_000);
  // Any pointer at all would fail the test at the end.
  await page.addInitScript(() => {
    const pointers: string[] = [];
    Object.assign(window, { __pointers: pointers });
    window.addEventListener('pointerdown', (event) => pointers.push(event.type), true);
  });
  const mark = uniqueId();
  const title = `Typed by hand ${mark}`;

  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Sign Up' }));
  await page.keyboard.press('Enter');
  // A reading page's link loads the app's page from the server: the keyboard starts at its top.
  await expect(page.getByRole('heading', { level: 1, name: 'Join us today' })).toBeVisible();
  await tabTo(page, page.getByLabel('Full Name'));
  await type(page, 'Keyboard Writer');
  await page.keyboard.press('Tab');
  await type(page, `keys.${mark}@example.com`);
  await page.keyboard.press('Tab');
  await type(page, 'Secret123');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  // The bar sits before the screen: back up to Write.
  await tabTo(page, page.getByRole('link', { name: 'Write', exact: true }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/editor');
  const upload = page.getByLabel('Upload a blog banner');
  await tabTo(page, upload);
  // The file chooser is the system's; the file arrives through the input the keyboard reached.
  await page.locator(':focus').setInputFiles(banner);
  await expect(page.getByRole('img', { name: 'Blog banner' })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Blog Title' }));
  await type(page, title);
  await page.keyboard.press('Tab');
  await expect(page.locator('.ce-paragraph').first()).toBeFocused();
  await type(page, 'Written without touching the mouse.');

  await tabTo(page, page.getByRole('button', { name: 'Publish' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await expect(settings.getByRole('button', { name: 'Close publish settings' })).toBeFocused();
  await tabTo(page, settings.getByLabel('Short description about your blog'));
  await type(page, 'A blog written by keyboard.');
  await tabTo(page, settings.getByRole('textbox', { name: 'Topics' }));
  await type(page, 'travel');
  await page.keyboard.press('Enter');
  await expect(settings.getByRole('textbox', { name: 'Tag travel' })).toBeVisible();
  await tabTo(page, settings.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');

  // Find it through the search box, open it, and comment.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }), 'Shift+Tab');
  await type(page, mark);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Search results for "${mark}"` })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: title }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  await expect(page.getByText('Written without touching the mouse.')).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Comments', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Comments/ });
  await expect(dialog).toHaveAccessibleName('Comments (0)');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Your comment' }));
  await type(page, 'And a comment, by keyboard too.');
  await tabTo(page, dialog.getByRole('button', { name: 'Comment', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('listitem', { name: 'Comment by Keyboard Writer' })).toContainText(
    'And a comment, by keyboard too.',
  );
  await expect(dialog).toHaveAccessibleName('Comments (1)');

  expect(await page.evaluate(() => (window as unknown as { __pointers: string[] }).__pointers)).toEqual([]);
});
