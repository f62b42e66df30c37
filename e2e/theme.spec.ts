import type { Page } from '@playwright/test';
import { createUser, expect, signIn, test } from './support/fixtures.ts';

/** How light the page's background is, 0 (black) to 255 (white), whatever colour syntax the CSS uses. */
const bodyLightness = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });

const expectDark = async (page: Page) => expect.poll(() => bodyLightness(page)).toBeLessThan(50);
const expectLight = async (page: Page) => expect.poll(() => bodyLightness(page)).toBeGreaterThan(200);

/** Records, in every page, the theme <html> carries when <body> starts: set later, the page would flash the other one. */
function recordThemeAtBody() {
  new MutationObserver((_, observer) => {
    if (!document.body) return;
    Object.assign(window, { __themeAtBody: document.documentElement.dataset.theme ?? null });
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}
const themeAtBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { __themeAtBody: string | null }).__themeAtBody);

test('the top bar’s toggle switches the theme, and the choice survives a reload before the first paint', async ({
  page,
}) => {
  await page.addInitScript(recordThemeAtBody);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expectLight(page);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expectDark(page);

  await page.reload();
  expect(await themeAtBody(page)).toBe('dark');
  await expectDark(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // Back to light by keyboard: the system's own scheme, so the choice is forgotten and the page follows the system.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expectLight(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  expect(await themeAtBody(page)).toBeNull();
  await expectDark(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // Light under a dark system is a choice, and kept.
  await toggle.click();
  await expectLight(page);
  await page.reload();
  expect(await themeAtBody(page)).toBe('light');
  await expectLight(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('with no choice the page follows the system’s colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expectDark(page);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');

  await page.emulateMedia({ colorScheme: 'light' });
  await expectLight(page);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
});

test('at 360 px the toggle fits in the top bar beside the signed-in controls', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('navigation').first().getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await toggle.click();
  await expectDark(page);
});
