import path from 'node:path';
import { EditorMessages, type Blog } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { addBlock } from './support/block-editor.ts';
import { apiPost, createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';

const bannerJpg = path.join(import.meta.dirname, 'fixtures', 'banner.jpg');
const picturePng = path.join(import.meta.dirname, 'fixtures', 'avatar.png');

// One line longer than any phone is wide: it must scroll inside the code block, not the page.
const CODE = `def greet(name):\n    return "Hello, " + name  # ${'a long comment that runs on '.repeat(6)}`;

test('code in a language, a divider, a table and an image with alt text: written in the editor, read highlighted on the blog page', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request, 'Blocky Writer');
  const title = `Blocks ${uniqueId()}`;
  await installAxe(page);
  await signIn(page, user);
  await page.goto('/editor');
  await page.getByLabel('Upload a blog banner').setInputFiles(bannerJpg);
  await expectToast(page, EditorMessages.bannerUploaded);
  await page.getByRole('textbox', { name: 'Blog Title' }).fill(title);
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Here is how to greet.');
  await page.keyboard.press('Enter');

  // Code: the language chosen by keyboard in the block's own select.
  await addBlock(page, 'Code');
  const textarea = page.locator('.ce-code__textarea');
  await textarea.fill(CODE);
  // Tab indents inside the code; Escape lets the keyboard out of it.
  await textarea.press('Escape');
  await expect(textarea).not.toBeFocused();
  const language = page.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('plain');
  await language.focus();
  await language.press('ArrowDown');
  await expect(language).toHaveValue('bash');
  await language.selectOption('python');
  await expect(language).toHaveValue('python');

  await addBlock(page, 'Delimiter');
  await expect(page.locator('.ce-delimiter')).toBeVisible();

  await addBlock(page, 'Table');
  const cells = page.locator('.tc-cell');
  for (const [i, text] of ['Day', 'Miles', 'One', '12'].entries()) {
    await cells.nth(i).click();
    await page.keyboard.type(text);
  }

  const chooser = page.waitForEvent('filechooser');
  await addBlock(page, 'Image');
  await (await chooser).setFiles(picturePng);
  await expect(page.locator('.image-tool__image-picture')).toHaveAttribute('src', /^http:\/\/[^/]+\/uploads\//);
  await page.locator('.image-tool__caption').click();
  await page.keyboard.type('Our map');
  await page.getByRole('textbox', { name: 'Alt text (for screen readers)' }).fill('A hand-drawn map of the ridge');

  // Publish.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await settings.getByLabel('Short description about your blog').fill('Blocks of every new kind.');
  await settings.getByLabel('Topics').fill('code');
  await settings.getByLabel('Topics').press('Enter');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/blog/create-blog'));
  await settings.getByRole('button', { name: 'Publish', exact: true }).click();
  const { id } = (await (await saved).json()) as { id: string };
  await expectToast(page, EditorMessages.published);

  // What the editor saved: the code and its language exactly, the table with its heading row, the alt text beside the caption.
  const stored = await apiPost<{ blog: Blog }>(request, '/api/blog/get-blog', { blog_id: id, mode: 'edit' }, user);
  const blocks = stored.blog.content[0]!.blocks;
  expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'code', 'delimiter', 'table', 'image']);
  expect(blocks[1]!.data).toMatchObject({ code: CODE, language: 'python' });
  expect(Object.keys(blocks[1]!.data).sort()).toEqual(['code', 'html', 'language']);
  expect(blocks[3]!.data).toMatchObject({
    withHeadings: true,
    content: [
      ['Day', 'Miles'],
      ['One', '12'],
    ],
  });
  expect(blocks[4]!.data).toMatchObject({ caption: 'Our map', alt: 'A hand-drawn map of the ridge' });

  // The home page's card says how long the blog takes to read.
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('tabpanel', { name: 'home' }).getByRole('article', { name: title })).toContainText(
    '· 1 min read',
  );

  await page.goto(`/blog/${id}`);
  const article = page.locator('.prose-inkwell');
  await expect(page.getByText('1 min read')).toBeVisible();

  // The code as the server highlighted it: highlight.js's spans, the page's text the code itself.
  const code = article.locator('.prose-code code');
  await expect(code).toHaveText(CODE);
  await expect(code.locator('span.hljs-keyword').first()).toHaveText('def');
  await expect(code.locator('span.hljs-string').first()).toHaveText('"Hello, "');
  await expect(article.locator('.prose-code')).toContainText('Python');

  // Copy, which comes once the code is in view, puts the code on the clipboard and says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await code.scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);

  await expect(article.locator('hr')).toHaveCount(1);
  const table = article.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Miles']);
  await expect(table.locator('th').first()).toHaveAttribute('scope', 'col');
  await expect(table.getByRole('cell')).toHaveText(['One', '12']);

  const image = article.getByRole('img', { name: 'A hand-drawn map of the ridge' });
  await expect(image).toBeVisible();
  await expect(article.locator('figcaption')).toHaveText('Our map');

  // Phones: the page never scrolls sideways, the long code line scrolls in its own box; axe finds nothing.
  await checkScreen(page, 'a blog with code, a divider, a table and an image');
  const pre = article.locator('.prose-code pre');
  expect(await pre.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});
