import type { APIRequestContext } from '@playwright/test';
import { checkScreen, installAxe } from './support/axe.ts';
import {
  apiPost,
  createBlog,
  createUser,
  expect,
  ownerUser,
  signIn,
  test,
  uniqueId,
  uploadImage,
  type TestUser,
} from './support/fixtures.ts';

const WAVE = 200;

/**
 * A spam wave: `WAVE` sign-ups sharing a name, each with a blog and a like of an honest member's
 * blog (the stack's rate limits are multiplied for tests).
 */
async function seedWave(request: APIRequestContext, mark: string, liked: string) {
  const spammers: TestUser[] = [];
  let banner = '';
  for (let i = 0; i < WAVE; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, WAVE - i) }, () => createUser(request, `Pill Seller ${mark}`)),
    );
    banner ||= await uploadImage(request, batch[0]!);
    await Promise.all(
      batch.map(async (user, j) => {
        await createBlog(request, user, { title: `Cheap pills ${mark} ${i + j}`, banner });
        await apiPost(request, '/api/blog/like-blog', { _id: liked, isLikedByUser: false }, user);
      }),
    );
    spammers.push(...batch);
  }
  return spammers;
}

test('the owner finds a spam wave of 200 accounts and deletes them all at once: their blogs and likes go, counters exact', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const mark = `wave${uniqueId()}`;
  const owner = await ownerUser(request);
  const honest = `Honest notes ${uniqueId()}`;
  const honestId = await createBlog(request, await createUser(request, 'Honest Writer'), { title: honest });
  const honestBlog = async () =>
    (
      await apiPost<{ blog: { _id: string; activity: { total_likes: number } } }>(request, '/api/blog/get-blog', {
        blog_id: honestId,
      })
    ).blog;
  await seedWave(request, mark, (await honestBlog())._id);
  expect((await honestBlog()).activity.total_likes).toBe(WAVE);
  // A member who shares the name but never published: the filter leaves them out.
  await createUser(request, `Pill Seller ${mark}`);
  const blogsFound = async () =>
    (await apiPost<{ totalDocs: number }>(request, '/api/blog/search-blogs-count', { query: mark })).totalDocs;
  expect(await blogsFound()).toBe(WAVE);

  await installAxe(page);
  await signIn(page, owner);
  await page.goto('/');
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards.filter({ hasText: `Cheap pills ${mark}` }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Spam waves' }).click();
  await expect(page.getByRole('heading', { name: 'Spam waves', level: 1 })).toBeVisible();

  const filters = page.getByRole('form', { name: 'Find members' });
  await filters.getByRole('searchbox', { name: 'Username, name or e-mail' }).fill(mark);
  await filters.getByRole('group', { name: 'Published blogs' }).getByRole('spinbutton', { name: 'At least' }).fill('1');
  await filters.getByRole('button', { name: 'Find members' }).click();
  await expect(page.getByRole('heading', { name: `${WAVE} members match` })).toBeVisible();
  await checkScreen(page, 'the spam waves screen with its preview');

  await page.getByRole('textbox', { name: /Reason/ }).fill(`Pill spam ${mark}`);
  await page.getByRole('button', { name: `Delete all ${WAVE}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete all ${WAVE} members?`);
  const deleteAll = confirm.getByRole('button', { name: `Delete all ${WAVE}` });
  await expect(deleteAll).toBeDisabled();
  await confirm.getByRole('textbox', { name: `Type “delete ${WAVE}” to confirm` }).fill(`delete ${WAVE}`);
  await checkScreen(page, 'the spam waves screen confirming a deletion');
  await deleteAll.click();

  const progress = page.getByRole('progressbar', { name: `Deleting ${WAVE} members` });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText(`Done: ${WAVE} members deleted.`, {
    timeout: 240_000,
  });
  await expect(progress).toHaveAttribute('value', String(WAVE));
  // Gone, they match the filter no more.
  await expect(page.getByRole('heading', { name: 'No member matches' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Pill spam ${mark}` })).toContainText(
    `Delete ${WAVE} members`,
  );
  await checkScreen(page, 'the spam waves screen with a finished bulk action');

  // Other files' blogs share the home page: the honest blog is found by its words, the spam nowhere.
  await page.goto('/');
  await expect(cards.filter({ hasText: `Cheap pills ${mark}` })).toHaveCount(0);
  await page.goto(`/search/${encodeURIComponent(honest)}`);
  await expect(cards.filter({ hasText: honest })).toBeVisible();
  expect(await blogsFound()).toBe(0);
  // Every like they gave went with them.
  expect((await honestBlog()).activity.total_likes).toBe(0);
});
