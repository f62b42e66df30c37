import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { unzip } from '../apps/server/src/test/unzip.ts';
import { checkScreen, installAxe } from './support/axe.ts';
import { createBlog, createUser, expect, expectToast, ownerUser, signIn, test, uniqueId } from './support/fixtures.ts';

test.beforeEach(({ page }) => installAxe(page));

/** The files of a zip the browser downloaded, by path. */
async function filesOf(download: Download) {
  return unzip(await readFile((await download.path())!));
}
const json = (files: Map<string, Buffer>, path: string) => JSON.parse(files.get(path)!.toString('utf8')) as unknown;

const day = () => new Date().toISOString().slice(0, 10);

async function downloadBy(page: Page, press: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), press()]);
  return download;
}

test('a member downloads their data from Your data, by keyboard, and the zip holds their blog', async ({
  page,
  request,
}) => {
  const writer = await createUser(request, 'Export Writer');
  const title = `Words to keep ${uniqueId()}`;
  const blogId = await createBlog(request, writer, { title });
  await signIn(page, writer);

  await page.goto('/dashboard/blogs');
  await page
    .getByRole('navigation', { name: 'Dashboard and settings' })
    .getByRole('link', { name: 'Your data' })
    .click();
  await expect(page).toHaveURL('/settings/data');
  await expect(page.getByText('Download a zip of everything you put in')).toBeVisible();
  await checkScreen(page, 'your data');

  // checkScreen leaves the page 360 px wide: the download works there, from the keyboard.
  const button = page.getByRole('button', { name: 'Download your data' });
  await button.focus();
  const download = await downloadBy(page, () => page.keyboard.press('Enter'));
  // After the site's name, which another spec may be changing.
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${writer.username.replace(/\./g, '\\.')}-${day()}\\.zip$`));
  await expectToast(page, 'Your data is downloaded');

  const files = await filesOf(download);
  expect(json(files, 'manifest.json')).toMatchObject({ format: 'inkwell-export', version: 1, scope: 'member' });
  expect(json(files, `blogs/${blogId}.json`)).toMatchObject({ blog_id: blogId, title, author: writer.username });
  expect(files.get(`blogs/${blogId}.md`)!.toString('utf8')).toContain(`title: ${title}`);
  expect(json(files, 'profile.json')).toMatchObject({ username: writer.username, email: writer.email });
});

test('an admin exports the whole site from the staff screens', async ({ page, request }) => {
  const owner = await ownerUser(request);
  const writer = await createUser(request, 'Site Export Writer');
  const blogId = await createBlog(request, writer, { title: `On the whole site ${uniqueId()}` });
  await signIn(page, owner);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Export' }).click();
  await expect(page).toHaveURL('/admin/export');
  await expect(page.getByRole('heading', { name: 'Export the site' })).toBeVisible();
  await checkScreen(page, 'export the site');

  const download = await downloadBy(page, () => page.getByRole('button', { name: 'Export the whole site' }).click());
  expect(download.suggestedFilename()).toMatch(new RegExp(`-site-${day()}\\.zip$`));
  await expectToast(page, 'The site is downloaded');
  const files = await filesOf(download);
  expect(json(files, 'manifest.json')).toMatchObject({ scope: 'site' });
  expect(files.has(`blogs/${blogId}.json`)).toBe(true);
  const members = json(files, 'users.json') as { username: string }[];
  expect(members.map((member) => member.username)).toEqual(expect.arrayContaining([owner.username, writer.username]));
});

test('a member who asks for the site’s export is told only admins may', async ({ page, request }) => {
  const member = await createUser(request, 'Curious Member');
  await signIn(page, member);
  await page.goto('/admin/export');
  await expect(page.getByText('Only the site’s staff can see this page.')).toBeVisible();
});
