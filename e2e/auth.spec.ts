import type { Page } from '@playwright/test';
import { AuthMessages, ErrorMessages, Messages } from '@inkwell/contracts';
import { createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';
import { mailsTo } from './support/mail.ts';

/** Counts the account calls a page makes, to prove a refused form sent nothing. */
function countAccountRequests(page: Page) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/user/')) counter.count++;
  });
  return counter;
}

const storedSession = (page: Page) => page.evaluate(() => sessionStorage.getItem('user'));

test('sign up, see the menu with @username, sign out, then sign in again', async ({ page, request }) => {
  const email = `new.${uniqueId()}@example.com`;
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Join us today' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Nadia Writer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL('/');
  await expectToast(page, Messages.loginSuccess);
  const session = JSON.parse((await storedSession(page))!);
  expect(session).toMatchObject({ fullname: 'Nadia Writer', new_notification_available: false });
  expect(session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: `Sign Out @${session.username}` }).click();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  // The token was revoked on the server, not only forgotten here.
  const revoked = await request.post('/api/user/signout', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(revoked.status()).toBe(401);

  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  // The first sign-in's toast has gone: on a fast run it would still be up, and the second would only renew it.
  await expect(page.getByRole('status').filter({ hasText: Messages.loginSuccess })).toHaveCount(0);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/');
  await expectToast(page, Messages.loginSuccess);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: `Sign Out @${session.username}` })).toBeVisible();
});

test('the two modes: headings, fields, links between them, and the password toggle', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(page.getByText('or', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'continue with google' })).toBeVisible();
  await expect(page.getByText("Don't have an account ?")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');

  await password.fill('Secret123');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('link', { name: 'Join us today' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('heading', { name: 'Join us today' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveAttribute('autocomplete', 'name');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await expect(page.getByText('Already a member ?')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in here' }).click();
  await expect(page).toHaveURL('/signin');
});

test('each validation rule shows its toast, in order, and sends nothing', async ({ page }) => {
  const requests = countAccountRequests(page);
  await page.goto('/signup');
  const cases = [
    { fullname: 'Al', email: '', password: '', message: Messages.fullnameTooShort },
    { fullname: 'Alan Turing', email: '', password: 'x', message: Messages.enterEmail },
    { fullname: 'Alan Turing', email: 'alan@machine', password: 'x', message: Messages.emailInvalid },
    { fullname: 'Alan Turing', email: 'alan@machine.com', password: 'secret123', message: Messages.passwordRule },
  ];
  for (const { fullname, email, password, message } of cases) {
    await page.getByLabel('Full Name').fill(fullname);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  }

  expect(requests.count).toBe(0);
  await expect(page).toHaveURL('/signup');
});

test('sign-in checks the same rules before sending anything', async ({ page }) => {
  const requests = countAccountRequests(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: Messages.enterEmail })).toBeVisible();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Sh1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: Messages.passwordRule })).toBeVisible();
  expect(requests.count).toBe(0);
  await expect(page).toHaveURL('/signin');
});

test('the server refusals show as error toasts with its text', async ({ page, request, consoleErrors }) => {
  consoleErrors.allow(/status of 40[19]/);
  const user = await createUser(request);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: ErrorMessages.wrong_credentials })).toBeVisible();
  await expect(page).toHaveURL('/signin');

  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status').filter({ hasText: ErrorMessages.email_taken })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test('a signed-in user is sent from /signin and /signup to /', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  for (const route of ['/signin', '/signup']) {
    await page.goto(route);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  }
});

test('continue with google signs up through the identity provider, then signs the same account in', async ({
  page,
}) => {
  const email = `google.${uniqueId()}@gmail.com`;
  const useGoogle = async () => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'continue with google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
    await chooser.getByLabel('Google account email').fill(email);
    await chooser.getByLabel('Name').fill('Grace Hopper');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/');
    await expectToast(page, Messages.loginSuccess);
    return JSON.parse((await storedSession(page))!) as { username: string; fullname: string };
  };

  const first = await useGoogle();
  expect(first.fullname).toBe('Grace Hopper');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: `Sign Out @${first.username}` }).click();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

  const again = await useGoogle();
  expect(again.username).toBe(first.username);
});

test('Google refusals: a password account keeps its e-mail, and a failure says trouble login through google', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of (409|500)/);
  const user = await createUser(request);
  await page.goto('/signin');
  const chooseAccount = async (email: string) => {
    await page.getByRole('button', { name: 'continue with google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
    await chooser.getByLabel('Google account email').fill(email);
    await chooser.getByRole('button', { name: 'Continue' }).click();
  };
  await chooseAccount(user.email);
  await expect(page.getByRole('status').filter({ hasText: ErrorMessages.google_email_taken })).toBeVisible();

  // Simulates the server failing; the user gets the spec's message, not the server's.
  await page.route('**/api/user/google-auth', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await chooseAccount(`google.${uniqueId()}@gmail.com`);
  await expect(page.getByRole('status').filter({ hasText: Messages.googleFailed })).toBeVisible();
  await expect(page).toHaveURL('/signin');
  expect(await storedSession(page)).toBeNull();
});

test('a forgotten password is reset through the link mailed to the inbox', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: AuthMessages.resetMailSent })).toBeVisible();

  await expect.poll(async () => (await mailsTo(request, user.email)).length).toBe(1);
  const [mail] = await mailsTo(request, user.email);
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeDefined();

  await page.goto(link!);
  const password = page.getByLabel('New Password', { exact: true });
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  await password.fill('weakpass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: Messages.passwordRule })).toBeVisible();
  await password.fill('Renewed42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/signin');
  await expectToast(page, AuthMessages.passwordResetDone);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Renewed42');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, Messages.loginSuccess);
  // The sessions from before the reset are gone.
  const old = await request.post('/api/user/signout', { headers: { authorization: `Bearer ${user.token}` } });
  expect(old.status()).toBe(401);
});
