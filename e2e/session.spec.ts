import type { Page } from '@playwright/test';
import { AuthMessages, Messages, type Session } from '@inkwell/contracts';
import { apiPost, createBlog, createUser, expect, expectToast, test, type TestUser } from './support/fixtures.ts';

/** Signs in through the form, as a person would (the `signIn` fixture only seeds one tab). */
async function signInThroughForm(page: Page, user: TestUser) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  await expectToast(page, Messages.loginSuccess);
}

const storedSession = async (page: Page) =>
  JSON.parse((await page.evaluate(() => sessionStorage.getItem('user'))) ?? 'null') as Session | null;
const signInLink = (page: Page) => page.getByRole('link', { name: 'Sign In', exact: true });
/** The texts of the toasts a page showed (recorded from the start by the fixtures) that no check has taken yet. */
const toastsLeft = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/** Console errors of a tab the `consoleErrors` fixture does not watch (it watches `page` only). */
function consoleErrorsOf(tab: Page) {
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  tab.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test('a new tab of the same browser is still signed in, with the session under `user`', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request);
  await signInThroughForm(page, user);
  const token = (await storedSession(page))!.access_token;

  const tab = await context.newPage();
  await tab.goto('/settings/edit-profile');
  await expect(tab).toHaveURL('/settings/edit-profile');
  await expect(tab.getByLabel('Username')).toHaveValue(user.username);
  expect(await storedSession(tab)).toMatchObject({ access_token: token, username: user.username });
  await tab.close();
});

test('signing out in one tab signs out the other at once; signing in there signs this one in', async ({
  page,
  context,
  request,
}) => {
  const user = await createUser(request);
  await signInThroughForm(page, user);
  const other = await context.newPage();
  await other.goto('/settings/edit-profile');
  await expect(other.getByLabel('Username')).toHaveValue(user.username);

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: `Sign Out @${user.username}` }).click();
  await expect(signInLink(page)).toBeVisible();
  // No reload: the other tab leaves its signed-in screen as a visitor would, and says nothing.
  await expect(other).toHaveURL('/signin');
  await expect(other.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await storedSession(other)).toBeNull();
  expect(await toastsLeft(other)).toEqual([]);

  // We chose one sign-in per browser: signing in in either tab signs in every open one.
  await other.getByLabel('Email').fill(user.email);
  await other.getByLabel('Password', { exact: true }).fill(user.password);
  await other.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(other).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  expect((await storedSession(page))?.access_token).toBe((await storedSession(other))?.access_token);
  await other.close();
});

test('a token revoked on the server: the next action signs out every tab, says so once, and a signed-in screen goes to /signin', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 401/);
  const user = await createUser(request);
  await signInThroughForm(page, user);
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  // The live notifications' stream, ended with the session, is asked for again a second later and
  // would sign the tabs out on its own: held back here, so that the click below is the next action.
  await context.route('**/api/notification/stream', () => {});
  const { access_token: token } = (await storedSession(page))!;
  expect((await request.post('/api/user/signout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    200,
  );

  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL('/signin');
  await expectToast(page, AuthMessages.sessionEnded);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(signInLink(other)).toBeVisible();
  // One message, not one per failed call; nothing left signed in anywhere in the browser.
  expect(await toastsLeft(page)).toEqual([]);
  expect(await storedSession(page)).toBeNull();
  const fresh = await context.newPage();
  await fresh.goto('/');
  await expect(signInLink(fresh)).toBeVisible();
  await Promise.all([other.close(), fresh.close()]);
});

test('a new tab whose stored token has ended (the password changed elsewhere) opens signed out, with the message', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 401/);
  const user = await createUser(request);
  await signInThroughForm(page, user);
  await page.close();

  // Another device changes the password, which ends every other session.
  const elsewhere = await apiPost<Session>(request, '/api/user/signin', { email: user.email, password: user.password });
  await apiPost(
    request,
    '/api/user/change-password',
    { currentPassword: user.password, newPassword: 'Changed456' },
    { ...user, token: elsewhere.access_token },
  );

  const tab = await context.newPage();
  const errors = consoleErrorsOf(tab);
  await tab.goto('/');
  await expectToast(tab, AuthMessages.sessionEnded);
  await expect(signInLink(tab)).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Open profile menu' })).toHaveCount(0);
  expect(await toastsLeft(tab)).toEqual([]);
  expect(errors.filter((text) => !/status of 401/.test(text))).toEqual([]);
});

test('liking with an ended session: the like goes back, the page stays, one message, signed out', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 401/);
  const author = await createUser(request);
  const blogId = await createBlog(request, author);
  const reader = await createUser(request);
  await signInThroughForm(page, reader);
  // The bell's first check, which the ended session would answer with a 401 of its own.
  const checked = page.waitForResponse('**/api/notification/new-notification');
  await page.goto(`/blog/${blogId}`);
  const like = page.getByRole('button', { name: 'Like' });
  await expect(like).toBeEnabled();
  await checked;

  const { access_token: token } = (await storedSession(page))!;
  expect((await request.post('/api/user/signout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    200,
  );
  await like.click();
  await expectToast(page, AuthMessages.sessionEnded);
  await expect(signInLink(page)).toBeVisible();
  await expect(page.getByTestId('total-likes')).toHaveText('0 likes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await toastsLeft(page)).toEqual([]);

  // Signed out now, the page says what it says to any visitor.
  await like.click();
  await expectToast(page, Messages.loginToLike);
});

test('the next account to sign in sees its own answers, never those cached for the last one', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 401/);
  const [first, second] = await Promise.all([createUser(request), createUser(request)]);
  await signInThroughForm(page, first);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(first.username);

  const { access_token: token } = (await storedSession(page))!;
  expect((await request.post('/api/user/signout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    200,
  );
  await page.getByRole('link', { name: 'Notification', exact: true }).click();
  await expectToast(page, AuthMessages.sessionEnded);

  // Same tab, no reload: only what the app kept in memory could show the first account here.
  await page.getByLabel('Email').fill(second.email);
  await page.getByLabel('Password', { exact: true }).fill(second.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(second.username);
});
