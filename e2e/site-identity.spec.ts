import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ErrorMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { signInOn, signUpOwner, startEmptySite } from './support/empty-site.ts';
import { createUser, expect, expectToast, signIn, test } from './support/fixtures.ts';

/*
 * On a site of its own: the identity is the whole site's, and the shared stack's other tests read
 * its name and topics.
 */

const picture = path.join(import.meta.dirname, 'fixtures', 'avatar.png');
const ACCENT = '#2563eb';
const ACCENT_RGB = 'rgb(37, 99, 235)';

const backgroundOf = (element: Locator) => element.evaluate((e) => getComputedStyle(e).backgroundColor);

/** The topic buttons of the home page, in order. */
const topicsOf = (page: Page) => page.getByRole('group', { name: 'Topics' }).first().getByRole('button');

test('the owner gives the site its identity, which every reader sees', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const site = await startEmptySite();
  const reader = await browser.newContext();
  try {
    const session = await signUpOwner(request, site.url);
    const published = await request.post(`${site.url}/api/blog/create-blog`, {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: {
        title: 'Scafell by the corridor route',
        banner: '/uploads/banner.webp',
        des: 'A long day on the fells.',
        content: [{ time: 1, blocks: [{ id: 'p', type: 'paragraph', data: { text: 'Up early.' } }] }],
        tags: ['fell walking'],
        draft: false,
      },
    });
    expect(published.status(), await published.text()).toBe(200);
    const { id: blogId } = (await published.json()) as { id: string };

    await signInOn(page, site.url, session);
    await installAxe(page);
    await page.goto(`${site.url}/admin/members`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site identity' }).click();
    await expect(page.getByRole('heading', { name: 'Site identity', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No accent (black and white)' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: /^Topic \d+$/ })).toHaveCount(8);
    await checkScreen(page, 'the site identity screen');

    await page.getByRole('textbox', { name: 'Name' }).fill('The Fell Walkers');
    await page.getByRole('textbox', { name: 'Description' }).fill('Walks on the Lakeland fells.');
    await page.getByRole('textbox', { name: 'Language' }).fill('en-GB');
    await page.getByLabel('Upload the logo').setInputFiles(picture);
    await expectToast(page, 'Logo uploaded: Save identity to use it');
    await expect(page.getByRole('img', { name: 'Logo: preview' })).toBeVisible();
    await page.getByLabel('Upload the icon').setInputFiles(picture);
    await expectToast(page, 'Icon uploaded: Save identity to use it');
    await expect(page.getByRole('img', { name: 'Icon: preview' })).toBeVisible();

    // An accent that vanishes on the light page is refused here, with the server's words.
    await page.getByRole('radio', { name: 'This colour' }).check();
    const accent = page.getByRole('textbox', { name: 'Accent colour as #rrggbb' });
    await accent.fill('#ffee00');
    await expect(page.getByText(/^Contrast with the light page 1\.\d:1/)).toBeVisible();
    await page.getByRole('button', { name: 'Save identity' }).click();
    await expectToast(page, ErrorMessages.accent_unreadable);
    await expect(accent).toHaveAttribute('aria-invalid', 'true');
    await expect(accent).toBeFocused();
    await accent.fill(ACCENT);
    await expect(accent).not.toHaveAttribute('aria-invalid');
    await expect(
      page.getByText('Contrast with the light page 5.2:1, with the dark page 3.7:1; its label 5.2:1.'),
    ).toBeVisible();

    // Topics, with the keyboard alone: rename the first, remove the second, add one and move it to the top.
    const topic = (n: number) => page.getByRole('textbox', { name: `Topic ${n}`, exact: true });
    await topic(1).fill('fell walking');
    await page.getByRole('button', { name: 'Remove hollywood' }).press('Enter');
    await expect(topic(2)).toHaveValue('film making');
    await expect(topic(2)).toBeFocused();
    await page.getByRole('button', { name: 'Add a topic' }).press('Enter');
    await expect(topic(8)).toBeFocused();
    await page.keyboard.type('Maps');
    for (let n = 8; n > 1; n--) await page.getByRole('button', { name: 'Move Maps up' }).press('Enter');
    await expect(topic(1)).toHaveValue('Maps');
    // At the top its Move up is out of use: the focus took Move down.
    await expect(page.getByRole('button', { name: 'Move Maps down' })).toBeFocused();

    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByRole('textbox', { name: 'Link 1: label' }).fill('Mountain rescue');
    await page.getByRole('textbox', { name: 'Link 1: address' }).fill('https://example.org/rescue');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByRole('textbox', { name: 'Link 2: label' }).fill('The author');
    await page.getByRole('textbox', { name: 'Link 2: address' }).fill(`/user/${session.username}`);
    await page.getByRole('button', { name: 'Move The author up' }).click();
    await page.getByRole('textbox', { name: 'Footer' }).fill('Walk softly.\nLeave no trace.');

    await page.getByRole('button', { name: 'Save identity' }).click();
    await expectToast(page, 'Identity saved');
    // At once, without a reload: the top bar, the title, and the accent on the buttons.
    await expect(page.getByRole('link', { name: 'The Fell Walkers home' })).toBeVisible();
    await expect(page).toHaveTitle('Site identity | The Fell Walkers');
    expect(await backgroundOf(page.getByRole('button', { name: 'Save identity' }))).toBe(ACCENT_RGB);
    await expect(page.getByRole('contentinfo')).toHaveText(/Walk softly\.\s+Leave no trace\./);
    // The pointer rests on Save, whose hover fades it: axe weighs the button as it stands.
    await page.mouse.move(0, 0);
    await checkScreen(page, 'the site identity screen, with a custom identity');
    // Saved as sent, topics in lower case.
    await expect(topic(1)).toHaveValue('maps');

    const readerPage = await reader.newPage();
    await installAxe(readerPage);
    await readerPage.goto(site.url);
    await expect(readerPage.getByRole('link', { name: 'The Fell Walkers home' })).toBeVisible();
    // The logo is decorative beside the name (alt="").
    await expect(readerPage.getByRole('link', { name: 'The Fell Walkers home' }).locator('img')).toHaveAttribute(
      'src',
      /\/uploads\//,
    );
    await expect(readerPage).toHaveTitle(/The Fell Walkers/);
    await expect(readerPage.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(topicsOf(readerPage)).toHaveText([
      'maps',
      'fell walking',
      'film making',
      'social media',
      'cooking',
      'tech',
      'finance',
      'travel',
    ]);
    const footer = readerPage.getByRole('contentinfo');
    expect(await footer.evaluate((e) => (e as HTMLElement).innerText)).toBe('Walk softly.\nLeave no trace.');
    const links = readerPage.getByRole('navigation').first();
    await expect(links.getByRole('link', { name: 'The author' })).toHaveAttribute('href', `/user/${session.username}`);
    const rescue = links.getByRole('link', { name: 'Mountain rescue' });
    await expect(rescue).toHaveAttribute('href', 'https://example.org/rescue');
    await expect(rescue).toHaveAttribute('rel', 'noopener');
    expect(await backgroundOf(readerPage.getByRole('link', { name: 'Sign In' }))).toBe(ACCENT_RGB);
    // The site's icon in the head, drawn from the upload, instead of the software's mark; and its manifest.
    await expect(readerPage.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(0);
    const icon = await readerPage.locator('link[rel="icon"][sizes="32x32"]').getAttribute('href');
    expect(icon).toMatch(/^\/icons\/32\.png\?v=/);
    const iconAnswer = await request.get(`${site.url}${icon}`);
    expect(iconAnswer.headers()['content-type']).toBe('image/png');
    const manifest = await readerPage.locator('link[rel="manifest"]').getAttribute('href');
    const installed = (await (await request.get(`${site.url}${manifest}`)).json()) as Record<string, unknown>;
    expect(installed).toMatchObject({ name: 'The Fell Walkers', lang: 'en-GB', theme_color: ACCENT });
    await checkScreen(readerPage, 'home with a custom identity');

    // A topic of the site's own lists its blogs.
    await topicsOf(readerPage).filter({ hasText: 'fell walking' }).click();
    await expect(readerPage.getByRole('tab', { name: 'fell walking' })).toHaveAttribute('aria-selected', 'true');
    expect(await backgroundOf(topicsOf(readerPage).filter({ hasText: 'fell walking' }))).toBe(ACCENT_RGB);
    await expect(readerPage.getByRole('article').filter({ hasText: 'Scafell by the corridor route' })).toBeVisible();

    for (const address of [`/blog/${blogId}`, `/user/${session.username}`]) {
      await readerPage.goto(`${site.url}${address}`);
      await expect(readerPage.getByRole('link', { name: 'The Fell Walkers home' })).toBeVisible();
      await expect(readerPage).toHaveTitle(/ \| The Fell Walkers$/);
      await expect(readerPage.getByRole('contentinfo')).toContainText('Leave no trace.');
    }

    // On a phone the links wait behind the menu button.
    await readerPage.setViewportSize({ width: 360, height: 740 });
    await expect(rescue).toBeHidden();
    // A disclosure (details and summary), which has no role of its own to find it by.
    await readerPage.getByLabel('Site links').click();
    await expect(readerPage.getByRole('link', { name: 'Mountain rescue' })).toBeVisible();
    await checkScreen(readerPage, 'a profile with a custom identity, the site’s links open', { desktop: false });
    // Escape closes it, and the focus is back on its button.
    await readerPage.getByRole('link', { name: 'Mountain rescue' }).focus();
    await readerPage.keyboard.press('Escape');
    await expect(readerPage.getByRole('link', { name: 'Mountain rescue' })).toHaveCount(0);
    await expect(readerPage.getByLabel('Site links')).toBeFocused();
  } finally {
    await reader.close();
    await site.close(page);
  }
});

test('a member cannot open the site identity screen', async ({ page, request }) => {
  const member = await createUser(request, 'Plain Member');
  await signIn(page, member);
  await page.goto('/admin/identity');
  await expect(page.getByRole('alert')).toHaveText('Only the site’s staff can see this page.');
  await expect(page.getByRole('button', { name: 'Save identity' })).toHaveCount(0);
});
