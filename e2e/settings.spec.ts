import path from 'node:path';
import { ErrorMessages, Messages, SettingsMessages } from '@inkwell/contracts';
import { createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';
import { expectNoRefusal, expectRefusalBeside } from './support/form-errors.ts';

const avatarPng = path.join(import.meta.dirname, 'fixtures', 'avatar.png');

test('edit profile: read-only name and e-mail, bio counter, checks in order, links, and a new username everywhere', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Edith Wharton');
  await signIn(page, user);
  await page.goto('/settings/edit-profile');

  await expect(page.getByLabel('Full Name')).toHaveValue('Edith Wharton');
  await expect(page.getByLabel('Full Name')).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);

  await expect(page.getByText('150 characters left')).toBeVisible();
  await page.getByLabel('Bio').fill('Novelist of old New York.');
  await expect(page.getByText('125 characters left')).toBeVisible();

  const update = page.getByRole('button', { name: 'Update' });
  await page.getByLabel('Username').fill('ed');
  await update.click();
  await expect(page.getByRole('status').filter({ hasText: Messages.usernameTooShort })).toBeVisible();

  const username = `edith_${uniqueId()}`.slice(0, 30);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Instagram').fill('https://example.com/edith');
  await update.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Instagram link must be an https://instagram.com address' }),
  ).toBeVisible();

  await page.getByLabel('Instagram').fill('https://www.instagram.com/edith');
  await page.getByLabel('GitHub').fill('https://github.com/edith');
  await page.getByLabel('Website').fill('https://edith.example.org');
  await update.click();
  await expectToast(page, SettingsMessages.profileUpdated);

  // The top bar's menu follows at once, without signing in again.
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: `Sign Out @${username}` })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', `/user/${username}`);

  // Saved on the server: a fresh load shows the same values.
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Bio')).toHaveValue('Novelist of old New York.');
  await expect(page.getByLabel('Instagram')).toHaveValue('https://www.instagram.com/edith');
  await expect(page.getByLabel('GitHub')).toHaveValue('https://github.com/edith');
  await expect(page.getByLabel('Twitter')).toHaveValue('');

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`/user/${username}`);
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
});

test('edit profile: a taken username shows the server’s message', async ({ page, request, consoleErrors }) => {
  consoleErrors.allow(/status of 409/);
  const holder = await createUser(request);
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings/edit-profile');
  await page.getByLabel('Username').fill(holder.username.toUpperCase());
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: ErrorMessages.username_taken })).toBeVisible();
});

test('edit profile: a new picture is uploaded and shows in the top bar', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings/edit-profile');

  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(Messages.selectImage)).toBeVisible();

  await page.getByLabel('Choose a profile picture').setInputFiles(avatarPng);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Profile picture updated');

  const menuPicture = page.getByRole('button', { name: 'Open profile menu' }).locator('img');
  await expect(menuPicture).toHaveAttribute('src', /\/uploads\//);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /\/uploads\//);
  // The picture is a real image the server serves.
  const src = await menuPicture.getAttribute('src');
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
});

test('change password: rules, a wrong current password, then success and sign-in with the new one', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 403/);
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/settings/change-password');

  const current = page.getByLabel('Current Password', { exact: true });
  const next = page.getByLabel('New Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Change Password' });

  // Each refusal shows in the toast and under the field it is about, until that field is edited.
  await submit.click();
  await expectRefusalBeside(current, Messages.fillAllFields);
  await current.fill(user.password);
  await expectNoRefusal(current, Messages.fillAllFields);
  await submit.click();
  await expectRefusalBeside(next, Messages.fillAllFields);

  await next.fill('weak');
  await submit.click();
  await expectRefusalBeside(next, Messages.passwordRule);
  await expect(current).not.toHaveAttribute('aria-invalid', 'true');

  await expect(next).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(next).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide new password' }).click();
  await expect(next).toHaveAttribute('type', 'password');

  await current.fill('Wrong1234');
  await next.fill('Changed456');
  await submit.click();
  await expectRefusalBeside(current, ErrorMessages.wrong_current_password);

  await current.fill(user.password);
  await submit.click();
  await expectToast(page, SettingsMessages.passwordChanged);
  await expect(current).toHaveValue('');

  // This browser stays signed in, and only the new password works from now on.
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);
  expect(
    (await request.post('/api/user/signin', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(401);

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: `Sign Out @${user.username}` }).click();
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Changed456');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expectToast(page, Messages.loginSuccess);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: `Sign Out @${user.username}` })).toBeVisible();
});
