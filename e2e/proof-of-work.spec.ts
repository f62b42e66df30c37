import type { Browser } from '@playwright/test';
import { SubscriptionMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { signInOn, signUpOwner, startEmptySite } from './support/empty-site.ts';
import { expect, expectToast, recordToasts, test, uniqueId } from './support/fixtures.ts';

/*
 * The proof of work an admin may ask of newcomers and of visitors subscribing by e-mail: ALTCHA's
 * widget solves the server's challenge for real in Chromium. A site of its own: the shared one
 * must stay free of it for the other specs' sign-ups.
 */

/** A visitor in a browser of their own; `asked` gets every address it asks for, its workers' included. */
async function visitorPage(browser: Browser, asked: string[]) {
  const context = await browser.newContext();
  await context.addInitScript(recordToasts);
  context.on('request', (request) => asked.push(request.url()));
  const page = await context.newPage();
  await installAxe(page);
  return page;
}

test('an admin asks for a proof of work; a newcomer signs up and a visitor subscribes, solving it in the browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const site = await startEmptySite();
  const session = await signUpOwner(page.request, site.url);
  await signInOn(page, site.url, session);
  await installAxe(page);
  const asked: string[] = [];
  const newcomer = await visitorPage(browser, asked);
  const visitor = await visitorPage(browser, asked);
  try {
    await page.goto(`${site.url}/admin/settings`);
    const setting = page.getByRole('checkbox', { name: /Proof of work on sign-up and subscription/ });
    await expect(setting).not.toBeChecked();
    await setting.check();
    await page.getByRole('textbox', { name: /Reason/ }).fill('A wave of spam sign-ups');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Settings saved');

    await newcomer.goto(`${site.url}/signup`);
    await newcomer.getByLabel('Full Name').fill('Nora Newcomer');
    await newcomer.getByLabel('Email').fill(`nora.${uniqueId()}@example.com`);
    await newcomer.getByLabel('Password', { exact: true }).fill('Secret123');
    // The keyboard reaches the widget next, past the password's Show button; touching the form started its work.
    const check = newcomer.getByRole('checkbox', { name: /not a robot|Verifying|Verified/ });
    await expect(check).toBeVisible();
    await newcomer.getByRole('button', { name: 'Show password' }).press('Tab');
    await expect(check).toBeFocused();
    await expect(check).toBeChecked({ timeout: 30_000 });
    await expect(newcomer.getByText('Verified')).toBeVisible();
    await checkScreen(newcomer, 'the sign-up form with its proof of work solved');
    await newcomer.getByRole('button', { name: 'Sign Up' }).click();
    await expect(newcomer).toHaveURL(`${site.url}/`);
    expect(asked.filter((url) => url === `${site.url}/api/altcha/challenge`).length).toBeGreaterThan(0);

    // A visitor's subscription on the owner's profile asks for one too.
    await visitor.goto(`${site.url}/user/${session.username}`);
    await visitor.getByLabel('Get new blogs by e-mail').fill(`visitor.${uniqueId()}@example.net`);
    const visitorCheck = visitor.getByRole('checkbox', { name: /not a robot|Verifying|Verified/ });
    await expect(visitorCheck).toBeChecked({ timeout: 30_000 });
    await checkScreen(visitor, 'the subscribe form with its proof of work solved');
    await visitor.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(visitor.getByRole('status').filter({ hasText: SubscriptionMessages.checkInbox })).toBeVisible();

    // Self-hosted: the widget's script, style sheet, worker and challenges all came from the site.
    const elsewhere = asked.filter((url) => !url.startsWith(`${site.url}/`) && !/^(data|blob):/.test(url));
    expect(elsewhere).toEqual([]);
  } finally {
    await newcomer.context().close();
    await visitor.context().close();
    await site.close(page);
  }
});
