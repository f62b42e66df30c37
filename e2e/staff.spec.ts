import { ErrorMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { openComments, publishedBlog } from './support/conversation.ts';
import { startEmptySite } from './support/empty-site.ts';
import {
  apiPost,
  createUser,
  expect,
  expectToast,
  ownerUser,
  signIn,
  test,
  type TestUser,
} from './support/fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * The moderation log's line that says `text`, found by what it says and older pages loaded until it
 * shows: other tests' staff write to the same log meanwhile, a spam wave's deletion 200 lines at once.
 */
async function logLine(page: Page, text: string) {
  const line = page.getByRole('list').getByRole('listitem').filter({ hasText: text });
  const more = page.getByRole('button', { name: 'Load More' });
  await expect(async () => {
    if ((await line.count()) === 0 && (await more.count()) > 0 && (await more.isEnabled())) await more.click();
    expect(await line.count()).toBe(1);
  }).toPass({ timeout: 60_000 });
  return line;
}

/** Opens the members screen from the profile menu and the Manage panel of the member with this e-mail. */
async function manage(page: Page, member: TestUser) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  // Admins land on the overview, moderators on the members.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search members/ }).fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('listitem').filter({ hasText: `@${member.username}` });
  await row.getByRole('button', { name: `Manage @${member.username}` }).click();
  return row;
}

test('the owner names a moderator, who silences a spammer; the spammer is told why; the log keeps both', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerUser(request);
  const moderator = await createUser(request, 'Mod Erator');
  const spammer = await createUser(request, 'Spam Bot');
  const author = await createUser(request, 'Blog Author');
  const blog = await publishedBlog(request, author);

  await installAxe(page);
  await signIn(page, owner);
  let row = await manage(page, moderator);
  await checkScreen(page, 'the members screen with a member’s actions open');
  await row.getByRole('combobox', { name: 'Role' }).selectOption('moderator');
  await row.getByRole('textbox', { name: /Reason/ }).fill('Keeps the comments tidy');
  await row.getByRole('button', { name: 'Change role' }).click();
  await expectToast(page, `@${moderator.username} updated`);
  await expect(row.getByText('Moderator', { exact: true })).toBeVisible();

  // Each tab keeps its own session (signIn), so one context holds all three people.
  const modPage = await context.newPage();
  await signIn(modPage, moderator);
  row = await manage(modPage, spammer);
  // A moderator changes no roles.
  await expect(row.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await row.getByRole('textbox', { name: /Reason/ }).fill('Links to a pill shop in every comment');
  await row.getByRole('button', { name: 'Silence' }).click();
  await expectToast(modPage, `@${spammer.username} updated`);
  await expect(row.getByText('Silenced', { exact: true })).toBeVisible();

  const spamPage = await context.newPage();
  await signIn(spamPage, spammer);
  const panel = await openComments(spamPage, blog);
  await panel.getByRole('textbox', { name: 'Your comment' }).fill('Cheap pills here');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expectToast(spamPage, ErrorMessages.account_silenced);
  // Nothing was posted.
  const comments = await apiPost<unknown[]>(request, '/api/comment/get-blog-comments', { blog_id: blog.blog_id });
  expect(comments).toEqual([]);

  await page.getByRole('link', { name: 'Moderation log' }).click();
  const silenced = await logLine(
    page,
    `@${moderator.username} changed the standing of @${spammer.username}: active → silenced`,
  );
  await expect(silenced).toContainText('Links to a pill shop in every comment');
  await logLine(page, `@${owner.username} changed the role of @${moderator.username}: member → moderator`);
  await checkScreen(page, 'the moderation log');
});

test('a member sees no Admin entry, and the staff screens tell them they are not theirs', async ({ page, request }) => {
  const member = await createUser(request, 'Plain Member');
  await signIn(page, member);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/members');
  await expect(page.getByRole('alert')).toHaveText('Only the site’s staff can see this page.');
});

test('the owner sees the site settings, keyboard and screen reader included', async ({ page, request }) => {
  const owner = await ownerUser(request);
  await installAxe(page);
  await signIn(page, owner);
  await page.goto('/admin/settings');
  await expect(page.getByRole('radio', { name: /Open/ })).toBeChecked();
  await checkScreen(page, 'the site settings');
  // Saved as it is: registration stays open for the other specs.
  await page.getByRole('textbox', { name: /Reason/ }).fill('Checked the settings');
  await page.getByRole('button', { name: 'Save' }).press('Enter');
  await expectToast(page, 'Settings saved');
});

test('a closed site says it takes nobody new in place of the sign-up form, and lets its members sign in', async ({
  page,
}) => {
  // A site of its own: closing the shared one would refuse the other specs' sign-ups. Migrating its
  // database takes a while on a busy machine.
  test.setTimeout(120_000);
  const site = await startEmptySite();
  try {
    const post = async (url: string, data: object, token?: string) => {
      const res = await page.request.post(`${site.url}${url}`, {
        data,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json() as Promise<{ access_token: string }>;
    };
    const owner = await post('/api/user/signup', {
      fullname: 'First Owner',
      email: 'first.closed@example.com',
      password: 'Owner1234',
    });
    await post('/api/admin/update-settings', { registration: 'closed', reason: 'Spam wave' }, owner.access_token);

    // The server refuses a sign-up on every path (its own tests); the form is not offered.
    await page.goto(`${site.url}/signup`);
    await expect(page.getByText(ErrorMessages.registration_closed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);

    await page.goto(`${site.url}/signin`);
    await page.getByLabel('Email').fill('first.closed@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Owner1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${site.url}/`);
  } finally {
    await site.close(page);
  }
});
