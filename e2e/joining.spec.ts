import type { Browser, Page } from '@playwright/test';
import { ErrorMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { signInOn, signUpOwner, startEmptySite } from './support/empty-site.ts';
import { expect, expectToast, recordToasts, test, uniqueId } from './support/fixtures.ts';

/*
 * Who may join, by approval and by invitation. Each test runs a site of its own: the shared one
 * must stay open to the other specs' sign-ups.
 */

/** A brand-new site whose owner (its first account) is signed in on `page`. */
async function siteWithOwner(page: Page) {
  const site = await startEmptySite();
  await signInOn(page, site.url, await signUpOwner(page.request, site.url));
  await installAxe(page);
  return site;
}

/** A visitor in a browser of their own, so that their sign-in never reaches the owner's tab. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  await installAxe(page);
  return page;
}

async function chooseRegistration(page: Page, siteUrl: string, choice: RegExp) {
  await page.goto(`${siteUrl}/admin/settings`);
  await page.getByRole('radio', { name: choice }).check();
  await page.getByRole('textbox', { name: /Reason/ }).fill('Trying it out');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings saved');
}

async function fillSignUp(page: Page, fullname: string, email: string) {
  await page.getByLabel('Full Name').fill(fullname);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
}

test('by approval: a visitor applies with why, the owner approves, the visitor signs in', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const site = await siteWithOwner(page);
  const visitor = await visitorPage(browser);
  try {
    await chooseRegistration(page, site.url, /By approval/);

    await visitor.goto(`${site.url}/signup`);
    const email = 'ada@example.com';
    await fillSignUp(visitor, 'Ada Applicant', email);
    // Nothing is sent without a reason: the form says what is missing, beside the field.
    await visitor.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(visitor, ErrorMessages.application_reason_required);
    const reason = visitor.getByRole('textbox', { name: 'Why do you want to join?' });
    await expect(reason).toHaveAccessibleDescription(new RegExp(ErrorMessages.application_reason_required));
    await expect(visitor.getByText('1,000 characters left')).toBeVisible();
    await reason.fill('I write about lichens and would like to publish here.');
    await checkScreen(visitor, 'the sign-up form of a site that approves who joins');
    await visitor.getByRole('button', { name: 'Sign Up' }).click();
    await expect(visitor.getByRole('heading', { name: 'Application sent', level: 1 })).toBeFocused();
    await expect(visitor.getByText(/the site’s staff will read your application/)).toBeVisible();
    // No session: the visitor is still signed out.
    expect(await visitor.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    await checkScreen(visitor, 'the application’s confirmation');

    await page.getByRole('link', { name: 'Applications' }).click();
    const row = page.getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Ada Applicant');
    await expect(row).toContainText('Would sign in with a password');
    await expect(row).toContainText('I write about lichens');
    await checkScreen(page, 'the applications');
    await row.getByRole('textbox', { name: /Reason/ }).fill('Welcome, lichen friend');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Ada Applicant joined as @ada');
    await expect(page.getByText('No applications waiting.')).toBeVisible();

    await visitor.goto(`${site.url}/signin`);
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill('Secret123');
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(`${site.url}/`);
  } finally {
    await visitor.context().close();
    await site.close(page);
  }
});

test('by invitation: the owner makes a link, the site asks for one, the link signs a visitor up until revoked', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  const site = await siteWithOwner(page);
  const visitor = await visitorPage(browser);
  try {
    await page.goto(`${site.url}/admin/invites`);
    await expect(page.getByText('No invitation link yet.')).toBeVisible();
    // The last of the tabs, past the column's width: scrolled into view.
    await expect(page.getByRole('link', { name: 'Invitations' })).toBeInViewport();
    await page.getByRole('textbox', { name: /Note/ }).fill('For the lichen club');
    await page.getByRole('spinbutton', { name: /Accounts it opens/ }).fill('2');
    await page.getByRole('button', { name: 'Make a link' }).click();
    await expectToast(page, 'Invitation link made');
    const linkField = page.getByRole('textbox', { name: 'The new invitation link' });
    await expect(linkField).toBeFocused();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${site.url}/signup\\?invite=[\\w-]+$`));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const row = page.getByRole('listitem').filter({ hasText: 'For the lichen club' });
    await expect(row).toContainText('Usable');
    await expect(row).toContainText('used 0 of 2');
    await checkScreen(page, 'the invitations, a new link shown');

    await chooseRegistration(page, site.url, /By invitation/);

    await visitor.goto(`${site.url}/signup`);
    await expect(visitor.getByText(`${ErrorMessages.invite_required}.`)).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await checkScreen(visitor, 'the sign-up screen of a site open by invitation, without one');

    await visitor.goto(link);
    await fillSignUp(visitor, 'Ivy Invited', `invited.${uniqueId()}@example.com`);
    await visitor.getByRole('button', { name: 'Sign Up' }).click();
    await expect(visitor).toHaveURL(`${site.url}/`);

    await page.goto(`${site.url}/admin/invites`);
    await expect(row).toContainText('used 1 of 2');
    await row.getByRole('button', { name: 'Revoke For the lichen club' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Invitation link revoked');
    await expect(row).toContainText('Revoked');

    // A revoked link opens no more accounts.
    const late = await visitorPage(browser);
    await late.goto(link);
    await fillSignUp(late, 'Late Comer', `late.${uniqueId()}@example.com`);
    await late.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(late, ErrorMessages.invite_invalid);
    await late.context().close();
  } finally {
    await visitor.context().close();
    await site.close(page);
  }
});
