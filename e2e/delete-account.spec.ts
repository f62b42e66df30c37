import type { Page } from '@playwright/test';
import { ACCOUNT_DELETED, DELETED_MEMBER, ErrorMessages, Messages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { commentOn, openComments, publishedBlog } from './support/conversation.ts';
import { createBlog, createUser, expect, expectToast, test, uniqueId, type TestUser } from './support/fixtures.ts';

test.beforeEach(({ page }) => installAxe(page));

const storedSession = (page: Page) => page.evaluate(() => sessionStorage.getItem('user'));

/** Signed out, as a reader sees it and in storage: the session is forgotten as the home page takes the screen's place, which may be after the toast. */
async function expectSignedOut(page: Page) {
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
}

/** Asks for the deletion from settings' sidebar, as a member finds it. */
async function openDeleteAccount(page: Page) {
  await page.goto('/settings/edit-profile');
  await page
    .getByRole('navigation', { name: 'Dashboard and settings' })
    .getByRole('link', { name: 'Delete account' })
    .click();
  await expect(page).toHaveURL('/settings/account');
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeAttached();
}

test('a member deletes their account with their password: their blog is gone, their answered comment reads "[deleted]" over the reply, and they cannot sign in again', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The wrong password this test tries first, the blog gone (its page and its call), the sign-in refused.
  consoleErrors.allow(/status of (403|404|401)/);
  const email = `leaving.${uniqueId()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Lena Leaving');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/');
  const session = JSON.parse((await storedSession(page))!) as TestUser['session'];
  const me: TestUser = {
    session,
    token: session.access_token,
    username: session.username,
    email,
    password: 'Secret123',
    fullname: 'Lena Leaving',
  };

  // A blog of theirs, and a comment on someone else's that gets a reply.
  const blogId = await createBlog(request, me, { title: `Before I go ${uniqueId()}` });
  const other = await createUser(request, 'Otto Other');
  const othersBlog = await publishedBlog(request, other);
  const comment = await commentOn(request, me, othersBlog, 'I will miss this place.');
  await commentOn(request, other, othersBlog, 'We will miss you too.', comment._id);

  await openDeleteAccount(page);
  await expect(page.getByText(`reading “${DELETED_MEMBER}”`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download your data' })).toHaveAttribute('href', '/settings/data');
  await checkScreen(page, 'delete account');

  // Nothing is asked of the server without a password; a wrong one is refused beside the field.
  const password = page.getByLabel('Your password', { exact: true });
  const remove = page.getByRole('form', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' });
  await remove.click();
  await expect(
    page.getByRole('status').filter({ hasText: ErrorMessages.password_confirmation_required }),
  ).toBeVisible();
  await password.fill('Wrong1234');
  await remove.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This cannot be undone.');
  await checkScreen(page, 'delete account, confirming');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: ErrorMessages.delete_wrong_password })).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(await storedSession(page)).not.toBeNull();

  // By the keyboard: Enter sends the password, the dialog starts on Cancel, the deletion is one Tab back.
  await password.fill('Secret123');
  await password.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expectToast(page, ACCOUNT_DELETED);
  await expectSignedOut(page);

  // Their blog is gone; their comment stays as "[deleted]", with no profile, and the reply under it.
  expect((await page.goto(`/blog/${blogId}`))!.status()).toBe(404);
  const panel = await openComments(page, othersBlog);
  const card = panel.getByRole('listitem', { name: `Comment by ${DELETED_MEMBER}` });
  await expect(card).toContainText(DELETED_MEMBER);
  await expect(card.getByRole('link', { name: `@${me.username}` })).toHaveCount(0);
  await card.getByRole('button', { name: 'Show 1 reply' }).click();
  await expect(card.getByRole('listitem', { name: 'Comment by Otto Other' })).toContainText('We will miss you too.');

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: ErrorMessages.wrong_credentials })).toBeVisible();
});

test('an account made with Google is deleted once its Google account confirms it', async ({ page }) => {
  const email = `google.leaving.${uniqueId()}@gmail.com`;
  const chooseGoogleAccount = async () => {
    const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
    await chooser.getByLabel('Google account email').fill(email);
    await chooser.getByRole('button', { name: 'Continue' }).click();
  };
  await page.goto('/signin');
  await page.getByRole('button', { name: 'continue with google' }).click();
  await chooseGoogleAccount();
  await expectToast(page, Messages.loginSuccess);

  await openDeleteAccount(page);
  await expect(page.getByLabel('Your password', { exact: true })).toHaveCount(0);
  await checkScreen(page, 'delete account, a Google account');
  await page.getByRole('button', { name: 'Confirm with Google' }).click();
  await chooseGoogleAccount();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, ACCOUNT_DELETED);
  await expectSignedOut(page);
});
