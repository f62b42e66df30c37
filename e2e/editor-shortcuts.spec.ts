import type { Page } from '@playwright/test';
import { EditorMessages, type Blog } from '@inkwell/contracts';
import { checkAsShown, installAxe } from './support/axe.ts';
import { apiPost, createUser, expect, signIn, test, type TestUser } from './support/fixtures.ts';

/** A new blog in the editor, titled by keyboard, with the caret in its first paragraph. */
async function startWriting(page: Page, user: TestUser, title: string) {
  await signIn(page, user);
  await page.goto('/editor');
  const titleField = page.getByRole('textbox', { name: 'Blog Title' });
  await titleField.focus();
  await page.keyboard.type(title);
  await expect(titleField).toHaveValue(title);
  await page.keyboard.press('Tab');
  await expect(page.locator('.ce-paragraph').first()).toBeFocused();
}

/**
 * Once the browser has been idle: Editor.js binds the keys it handles itself (Enter, Tab, / …) on a
 * new block then (requestIdleCallback). Idle callbacks run in order, so once ours has run, so has its.
 */
const untilIdle = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));

/** Presses a key Editor.js handles itself: a writer's next key always comes after its binding, a script's can come first. */
async function pressInEditor(page: Page, key: string) {
  await untilIdle(page);
  await page.keyboard.press(key);
}

/** The blocks as the writer sees them, one locator each. */
const blocks = (page: Page) => page.locator('.codex-editor .ce-block');

test('markdown typed at the start of a paragraph makes headings, lists and quotes, and inline markers bold, italic and code; the draft stores them', async ({
  page,
  request,
}) => {
  // Every shortcut in one draft, typed key by key: longer than most tests.
  test.setTimeout(120_000);
  const user = await createUser(request, 'Mark Down');
  // Markers in the title are its text.
  await startWriting(page, user, 'Notes **on** `markers`');
  const keyboard = page.keyboard;
  const block = (index: number) => blocks(page).nth(index);

  // Inline markers anywhere in a line; what follows the closing marker is plain text again.
  await keyboard.type('We **really** mean _it_ with `npm test` today');
  const intro = block(0).locator('.ce-paragraph');
  await expect(intro.locator('b')).toHaveText('really');
  await expect(intro.locator('i')).toHaveText('it');
  await expect(intro.locator('code.inline-code')).toHaveText('npm test');
  await expect(intro).toHaveText('We really mean it with npm test today');
  await pressInEditor(page, 'Enter');

  await keyboard.type('# Top');
  await expect(block(1).locator('h1.ce-header')).toHaveText('Top');
  await pressInEditor(page, 'Enter');
  await keyboard.type('## Second **half**');
  await expect(block(2).locator('h2.ce-header')).toHaveText('Second half');
  await expect(block(2).locator('h2 b')).toHaveText('half');
  await pressInEditor(page, 'Enter');
  // Text already in the paragraph stays, in the new block.
  await keyboard.type('Third');
  await keyboard.press('Home');
  await keyboard.type('### ');
  await expect(block(3).locator('h3.ce-header')).toHaveText('Third');
  await keyboard.press('End');
  await pressInEditor(page, 'Enter');

  await keyboard.type('- Boots');
  await pressInEditor(page, 'Enter');
  await keyboard.type('_Dry_ socks');
  await expect(block(4).locator('.cdx-list-unordered .cdx-list__item-content')).toHaveText(['Boots', 'Dry socks']);
  await expect(block(4).locator('.cdx-list__item-content i')).toHaveText('Dry');
  // Enter on an empty item leaves the list for a new paragraph.
  await pressInEditor(page, 'Enter');
  await pressInEditor(page, 'Enter');
  await keyboard.type('* Water');
  await expect(block(5).locator('.cdx-list-unordered .cdx-list__item-content')).toHaveText(['Water']);
  await pressInEditor(page, 'Enter');
  await pressInEditor(page, 'Enter');
  await keyboard.type('1. Start early');
  await expect(block(6).locator('.cdx-list-ordered .cdx-list__item-content')).toHaveText(['Start early']);
  await pressInEditor(page, 'Enter');
  await pressInEditor(page, 'Enter');

  // Not markers: a number with a decimal point, two dashes, a # without its space.
  await keyboard.type('1.5 km -- #no-space');
  await expect(block(7).locator('.ce-paragraph')).toHaveText('1.5 km -- #no-space');
  await pressInEditor(page, 'Enter');

  await keyboard.type('> Not all who **wander** are lost');
  await expect(block(8).locator('.cdx-quote__text')).toHaveText('Not all who wander are lost');
  await expect(block(8).locator('.cdx-quote__text b')).toHaveText('wander');
  // A caption keeps what is typed.
  await pressInEditor(page, 'Tab');
  await keyboard.type('**Tolkien**');
  await expect(block(8).locator('.cdx-quote__caption')).toHaveText('**Tolkien**');
  await expect(blocks(page)).toHaveCount(9);

  const drafted = page.waitForResponse((response) => response.url().endsWith('/api/blog/create-blog'));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  const { id } = (await (await drafted).json()) as { id: string };
  const { blog } = await apiPost<{ blog: Blog }>(
    request,
    '/api/blog/get-blog',
    { blog_id: id, draft: true, mode: 'edit' },
    user,
  );
  expect(blog.title).toBe('Notes **on** `markers`');
  const item = (content: string) => expect.objectContaining({ content, items: [] });
  expect(blog.content[0]!.blocks.map(({ type, data }) => ({ type, data }))).toEqual([
    {
      type: 'paragraph',
      data: { text: 'We <b>really</b> mean <i>it</i> with <code class="inline-code">npm test</code> today' },
    },
    { type: 'header', data: { text: 'Top', level: 1 } },
    { type: 'header', data: { text: 'Second <b>half</b>', level: 2 } },
    { type: 'header', data: { text: 'Third', level: 3 } },
    {
      type: 'list',
      data: expect.objectContaining({ style: 'unordered', items: [item('Boots'), item('<i>Dry</i> socks')] }),
    },
    { type: 'list', data: expect.objectContaining({ style: 'unordered', items: [item('Water')] }) },
    { type: 'list', data: expect.objectContaining({ style: 'ordered', items: [item('Start early')] }) },
    { type: 'paragraph', data: { text: '1.5 km -- #no-space' } },
    { type: 'quote', data: { text: 'Not all who <b>wander</b> are lost', caption: '**Tolkien**', alignment: 'left' } },
  ]);
});

test('``` makes a code block that keeps markers as typed, and --- a divider with a new paragraph after it', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await startWriting(page, user, 'Code and breaks');
  const keyboard = page.keyboard;

  await keyboard.type('---');
  await expect(blocks(page).nth(0).locator('.ce-delimiter')).toBeVisible();
  const after = blocks(page).nth(1).locator('.ce-paragraph');
  await expect(after).toBeFocused();
  await keyboard.type('After the break');
  await expect(after).toHaveText('After the break');
  await pressInEditor(page, 'Enter');

  await keyboard.type('```');
  const code = blocks(page).nth(2).locator('textarea');
  await expect(code).toBeFocused();
  await keyboard.type('let x = **y** + `z` - _w_');
  await expect(code).toHaveValue('let x = **y** + `z` - _w_');
  await expect(blocks(page)).toHaveCount(3);

  // Typing in the code's text box alone reaches the autosaved copy (a textarea changes no element Editor.js watches).
  const autosaved = () =>
    page.evaluate((key) => {
      const copy = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        blog: { content: { blocks: { type: string }[] } };
      } | null;
      return copy?.blog.content.blocks.at(-1) ?? null;
    }, `inkwell:editor:${user.username}:new`);
  await expect.poll(autosaved).toMatchObject({ type: 'code', data: { code: 'let x = **y** + `z` - _w_' } });

  const drafted = page.waitForResponse((response) => response.url().endsWith('/api/blog/create-blog'));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  const { id } = (await (await drafted).json()) as { id: string };
  const { blog } = await apiPost<{ blog: Blog }>(
    request,
    '/api/blog/get-blog',
    { blog_id: id, draft: true, mode: 'edit' },
    user,
  );
  expect(blog.content[0]!.blocks.map(({ type, data }) => ({ type, data }))).toEqual([
    { type: 'delimiter', data: {} },
    { type: 'paragraph', data: { text: 'After the break' } },
    { type: 'code', data: expect.objectContaining({ code: 'let x = **y** + `z` - _w_', language: 'plain' }) },
  ]);
});

test('a line typed at once after a Tab from the title: its Enter makes the next block', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/editor');
  await expect(page.locator('.ce-paragraph')).toHaveCount(1);
  // Editor.js has bound its keys to the first block; nothing else waits after the Tab.
  await untilIdle(page);
  await page.getByRole('textbox', { name: 'Blog Title' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Quick');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second');
  await expect(blocks(page)).toHaveText(['Quick', 'Second']);
});

test('the / menu: / in an empty paragraph opens the block menu, letters filter it, Enter puts the block in its place', async ({
  page,
  request,
}) => {
  await installAxe(page);
  const user = await createUser(request);
  await startWriting(page, user, 'Slash');
  const keyboard = page.keyboard;
  const menu = page.locator('.ce-toolbox .ce-popover--opened');
  const shown = menu.locator('.ce-popover-item:not(.ce-popover-item--hidden)');
  const search = menu.getByRole('textbox', { name: EditorMessages.blockMenuSearch });

  await keyboard.type('Intro');
  await pressInEditor(page, 'Enter');
  // Editor.js reads the block the caret is in when / is pressed: wait until the new one has it.
  await expect(blocks(page).nth(1).locator('.ce-paragraph')).toBeFocused();
  await pressInEditor(page, '/');
  await expect(search).toBeFocused();
  expect(await shown.count()).toBeGreaterThan(5);
  await checkAsShown(page, 'the block menu');

  // Escape closes the menu and leaves the / as text.
  await pressInEditor(page, 'Escape');
  await expect(menu).toHaveCount(0);
  await keyboard.type('etc');
  await expect(blocks(page).nth(1).locator('.ce-paragraph')).toHaveText('/etc');
  await pressInEditor(page, 'Enter');
  await expect(blocks(page).nth(2).locator('.ce-paragraph')).toBeFocused();

  await pressInEditor(page, '/');
  await expect(search).toBeFocused();
  await keyboard.type('quo');
  await expect(search).toHaveValue('quo');
  await expect(shown).toHaveText(['Quote']);
  await pressInEditor(page, 'Enter');
  await expect(menu).toHaveCount(0);
  const quote = blocks(page).nth(2).locator('.cdx-quote__text');
  await expect(quote).toBeFocused();
  await keyboard.type('Said');
  await expect(quote).toHaveText('Said');
  // The quote took the paragraph's place: no / or filter text is left anywhere.
  await expect(blocks(page)).toHaveCount(3);
  await expect(blocks(page).nth(0)).toHaveText('Intro');
  await expect(blocks(page).nth(1)).toHaveText('/etc');
  await expect(page.locator('.codex-editor__redactor')).not.toContainText('quo');
});
