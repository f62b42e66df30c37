import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { EditorMessages, ErrorMessages, type Blog, type Revision, type RevisionSummary } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import {
  apiPost,
  createBlog,
  createUser,
  expect,
  expectToast,
  signIn,
  test,
  uniqueId,
  type TestUser,
} from './support/fixtures.ts';

const paragraph = (text: string) => [
  { time: 1, version: '2.31.0', blocks: [{ id: 'p1', type: 'paragraph', data: { text } }] },
];

const blogText = async (request: APIRequestContext, user: TestUser, blogId: string) => {
  const { blog } = await apiPost<{ blog: Blog }>(
    request,
    '/api/blog/get-blog',
    { blog_id: blogId, mode: 'edit' },
    user,
  );
  return blog;
};

/** The same signed-in writer in two tabs of one browser, each with the blog open in the editor. */
async function twoTabs(context: BrowserContext, user: TestUser, blogId: string, title: string): Promise<[Page, Page]> {
  const tabs: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const tab = await context.newPage();
    await installAxe(tab);
    await signIn(tab, user);
    await tab.goto(`/editor/${blogId}`);
    await expect(tab.getByRole('textbox', { name: 'Blog Title' })).toHaveValue(title);
    await expect(tab.locator('.ce-paragraph').first()).toHaveText('Where it started.');
    tabs.push(tab);
  }
  return tabs as [Page, Page];
}

/** Types at the end of the first paragraph. */
async function addToText(page: Page, words: string) {
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(words);
  await expect(page.locator('.ce-paragraph').first()).toContainText(words);
}

/** Tab A saves a change; tab B, opened before it, saves its own and is told the blog changed. */
async function conflictInTabB(context: BrowserContext, request: APIRequestContext) {
  const user = await createUser(request);
  const title = `Two tabs ${uniqueId()}`;
  const blogId = await createBlog(request, user, { title, draft: true, content: paragraph('Where it started.') });
  const [tabA, tabB] = await twoTabs(context, user, blogId, title);

  await addToText(tabA, ' Words from tab A.');
  await tabA.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(tabA, EditorMessages.draftSaved);

  await addToText(tabB, ' Words from tab B.');
  await tabB.getByRole('button', { name: 'Save Draft' }).click();
  const dialog = tabB.getByRole('alertdialog', { name: ErrorMessages.blog_changed });
  await expect(dialog).toBeVisible();
  await expectToast(tabB, ErrorMessages.blog_changed);
  await expect(dialog.getByRole('button', { name: 'See the newer version' })).toBeFocused();
  return { user, blogId, tabB, dialog };
}

test('a save from a tab opened before another tab saved asks first; Keep both keeps both versions', async ({
  context,
  request,
}) => {
  // Two editors and four audits.
  test.slow();
  const { user, blogId, tabB, dialog } = await conflictInTabB(context, request);
  await checkScreen(tabB, 'the conflict dialog');

  // The newer version, read-only over the editor, which still holds tab B's words; closing it comes back to the choice.
  await dialog.getByRole('button', { name: 'See the newer version' }).click();
  const newer = tabB.getByRole('dialog', { name: 'The newer version' });
  await expect(newer).toContainText('Where it started. Words from tab A.');
  await expect(newer.getByRole('button', { name: 'Close the newer version' })).toBeFocused();
  await checkScreen(tabB, 'the newer version');
  await expect(tabB.locator('.ce-paragraph').first()).toHaveText('Where it started. Words from tab B.');
  await tabB.keyboard.press('Escape');
  await expect(newer).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'See the newer version' })).toBeFocused();

  // Keyboard only: Tab to Keep both (after Overwrite it), Enter.
  await tabB.keyboard.press('Tab');
  await tabB.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Keep both' })).toBeFocused();
  const saved = tabB.waitForResponse((response) => response.url().endsWith('/api/blog/create-blog'));
  await tabB.keyboard.press('Enter');
  const copy = (await (await saved).json()) as { id: string };
  await expectToast(tabB, EditorMessages.draftSaved);

  expect(copy.id).not.toBe(blogId);
  const [original, kept] = await Promise.all([blogText(request, user, blogId), blogText(request, user, copy.id)]);
  expect(original.content[0]!.blocks).toEqual([
    expect.objectContaining({ data: { text: 'Where it started. Words from tab A.' } }),
  ]);
  expect(kept).toMatchObject({ draft: true, title: original.title });
  expect(kept.content[0]!.blocks).toEqual([
    expect.objectContaining({ data: { text: 'Where it started. Words from tab B.' } }),
  ]);
});

test('Overwrite saves the older tab’s words, and the newer ones stay in the revision history', async ({
  context,
  request,
}) => {
  test.slow();
  const { user, blogId, tabB, dialog } = await conflictInTabB(context, request);
  await dialog.getByRole('button', { name: 'Overwrite it' }).click();
  await expectToast(tabB, EditorMessages.draftSaved);
  await expect(tabB).toHaveURL('/');
  expect((await blogText(request, user, blogId)).content[0]!.blocks).toEqual([
    expect.objectContaining({ data: { text: 'Where it started. Words from tab B.' } }),
  ]);

  await tabB.goto(`/editor/${blogId}`);
  await expect(tabB.locator('.ce-paragraph').first()).toHaveText('Where it started. Words from tab B.');
  await tabB.getByRole('button', { name: 'Revision history' }).click();
  const history = tabB.getByRole('dialog', { name: 'Revision history' });
  const revisions = history.getByRole('list', { name: 'Revisions, newest first' }).getByRole('button');
  await expect(revisions).toHaveCount(3);
  await revisions.nth(1).click();
  await expect(history.getByRole('article', { name: 'This version' })).toContainText(
    'Where it started. Words from tab A.',
  );
});

test('restore a revision from Revision history: the editor shows it, and so does the blog page', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const blogId = await createBlog(request, user, {
    title: 'The first version',
    content: paragraph('Words of the first version.'),
  });
  const first = await blogText(request, user, blogId);
  const second = {
    id: blogId,
    title: 'The second version',
    banner: first.banner,
    des: first.des,
    tags: first.tags,
    content: paragraph('Words of the second.'),
  };
  await apiPost(request, '/api/blog/create-blog', second, user);
  const { revisions } = await apiPost<{ revisions: RevisionSummary[] }>(
    request,
    '/api/blog/revisions',
    { blog_id: blogId },
    user,
  );
  expect(revisions.map((r) => r.title)).toEqual(['The second version', 'The first version']);

  await installAxe(page);
  await signIn(page, user);
  await page.goto(`/editor/${blogId}`);
  const title = page.getByRole('textbox', { name: 'Blog Title' });
  await expect(title).toHaveValue('The second version');
  await expect(page.locator('.ce-paragraph').first()).toHaveText('Words of the second.');

  // By keyboard: the button opens the panel with focus inside; Escape closes it and gives focus back.
  const open = page.getByRole('button', { name: 'Revision history' });
  await open.focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('dialog', { name: 'Revision history' });
  await expect(history.getByRole('button', { name: 'Close revision history' })).toBeFocused();
  const list = history.getByRole('list', { name: 'Revisions, newest first' }).getByRole('button');
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText('Published');
  await expect(list.nth(0)).toContainText('The second version');
  await expect(list.nth(1)).toContainText('The first version');
  await checkScreen(page, 'the revision history');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await expect(open).toBeFocused();

  await page.keyboard.press('Enter');
  await list.nth(1).focus();
  await page.keyboard.press('Enter');
  const shown = history.getByRole('article', { name: 'This version' });
  await expect(shown).toContainText('The first version');
  await expect(shown).toContainText('Words of the first version.');
  await expect(history.getByRole('button', { name: 'All revisions' })).toBeFocused();
  await checkScreen(page, 'a revision');
  // The writer's text is still there beside it.
  await expect(page.locator('.ce-paragraph').first()).toHaveText('Words of the second.');

  await history.getByRole('button', { name: 'Restore this revision' }).click();
  await expectToast(page, 'Revision restored');
  await expect(history).toHaveCount(0);
  await expect(title).toHaveValue('The first version');
  await expect(page.locator('.ce-paragraph').first()).toHaveText('Words of the first version.');

  // The restore is the blog's newest revision; an edit on top of it saves without a conflict.
  const after = await apiPost<{ revisions: RevisionSummary[] }>(
    request,
    '/api/blog/revisions',
    { blog_id: blogId },
    user,
  );
  expect(after.revisions.map((r) => r.title)).toEqual(['The first version', 'The second version', 'The first version']);
  const { revision } = await apiPost<{ revision: Revision }>(
    request,
    '/api/blog/revision',
    { blog_id: blogId, _id: after.revisions[0]!._id },
    user,
  );
  expect(revision.draft).toBe(false);
  await addToText(page, ' And one more line.');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await page
    .getByRole('region', { name: 'Publish settings' })
    .getByRole('button', { name: 'Update', exact: true })
    .click();
  await expectToast(page, EditorMessages.updated);

  await page.goto(`/blog/${blogId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The first version');
  await expect(page.getByText('Words of the first version. And one more line.')).toBeVisible();
});
