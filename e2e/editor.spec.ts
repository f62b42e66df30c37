import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  AuthMessages,
  EditorMessages,
  Messages,
  type Blog,
  type BlockType,
  type ContentBlock,
} from '@inkwell/contracts';
import { addBlock, showToolbarOf } from './support/block-editor.ts';
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

const bannerJpg = path.join(import.meta.dirname, 'fixtures', 'banner.jpg');
const picturePng = path.join(import.meta.dirname, 'fixtures', 'avatar.png');
const youtubeUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/**
 * Another site, on a port of its own: a page for the link tool to preview and a picture to
 * paste by address. The stack lets the SSRF-safe fetcher reach 'localhost' (FETCH_ALLOW_HOSTS).
 * The page's image is on the app's own origin, which the Content-Security-Policy lets the editor
 * show. Any other path answers 404.
 */
async function serveOtherSite(appOrigin: string) {
  const picture = await readFile(picturePng);
  const server = http.createServer((request, response) => {
    if (request.url === '/map.png') {
      response.setHeader('content-type', 'image/png');
      response.end(picture);
      return;
    }
    if (request.url !== '/ridge') {
      response.writeHead(404).end();
      return;
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><head><title>Ridge route guide</title>
      <meta property="og:title" content="Ridge route guide">
      <meta property="og:description" content="Every turn of the ridge path">
      <meta property="og:image" content="${appOrigin}/favicon.svg"></head><body>Guide</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/ridge`,
    pictureUrl: `${origin}/map.png`,
    missingUrl: `${origin}/missing`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Every create-blog request the page sends: a refused save must never reach the server. */
function watchSaves(page: Page) {
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/blog/create-blog')) sent.push(request.postDataJSON());
  });
  return sent;
}

const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).last()).toBeVisible();

/** Selects the word before the caret and applies an inline tool from the inline toolbar. */
async function styleLastWord(page: Page, tool: string) {
  await page.keyboard.press('Shift+Control+ArrowLeft');
  await page
    .locator(`.ce-inline-toolbar [data-item-name="${tool}"], .ce-popover--inline [data-item-name="${tool}"]`)
    .click();
  await page.keyboard.press('End');
}

/** A paste as the browser delivers it (Editor.js turns a pasted YouTube address into an embed). */
async function paste(target: Locator, text: string) {
  await target.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The blog as its author's editor loads it (draft edit mode). */
async function blogForEdit(request: APIRequestContext, user: TestUser, blogId: string) {
  const { blog } = await apiPost<{ blog: Blog }>(
    request,
    '/api/blog/get-blog',
    { blog_id: blogId, draft: true, mode: 'edit' },
    user,
  );
  return blog;
}

test('write every block type, save a draft, reopen it and publish it with tags', async ({ page, request, baseURL }) => {
  // One writer's whole session, from an empty editor to a published blog: longer than most tests.
  test.setTimeout(120_000);
  const otherSite = await serveOtherSite(baseURL!);
  const user = await createUser(request, 'Wanda Walker');
  await signIn(page, user);
  const saves = watchSaves(page);
  const keyboard = page.keyboard;

  await page.goto('/editor');
  await expect(page.getByTestId('editor-title')).toHaveText(EditorMessages.newBlog);
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  const saveDraft = page.getByRole('button', { name: 'Save Draft' });

  // docs/product/rules.md Publish from editor, in order, the banner's types and the draft's title rule.
  await publish.click();
  await toast(page, Messages.bannerRequired);
  const banner = page.getByLabel('Upload a blog banner');
  await banner.setInputFiles([]);
  await toast(page, Messages.selectImage);
  await banner.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await toast(page, Messages.selectImage);
  await banner.setInputFiles(bannerJpg);
  await expectToast(page, EditorMessages.bannerUploaded);
  await expect(page.getByRole('img', { name: 'Blog banner' })).toHaveAttribute(
    'src',
    /^http:\/\/[^/]+\/uploads\/[a-z0-9]+\.jpg$/,
  );
  await publish.click();
  await toast(page, Messages.titleRequired);
  await saveDraft.click();
  await toast(page, Messages.draftTitleRequired);

  const title = page.getByRole('textbox', { name: 'Blog Title' });
  await title.click();
  await keyboard.type('Ridge');
  await keyboard.press('Enter');
  await keyboard.type(' walk');
  await expect(title).toHaveValue('Ridge walk');
  await expect(page.getByTestId('editor-title')).toHaveText('Ridge walk');
  await publish.click();
  await toast(page, Messages.contentRequired);

  // Every block type of docs/product/screens.md, written the way a writer would.
  await page.locator('.ce-paragraph').first().click();
  await keyboard.type('We left early, sun');
  await styleLastWord(page, 'marker');
  await keyboard.type(' and a compass');
  await styleLastWord(page, 'inlineCode');
  await keyboard.press('Enter');
  await addBlock(page, 'Heading');
  await keyboard.type('Into the hills');
  await keyboard.press('Enter');
  await addBlock(page, 'Unordered List');
  await keyboard.type('Boots');
  await keyboard.press('Enter');
  await keyboard.type('Water');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await addBlock(page, 'Ordered List', 2);
  await keyboard.type('Start early');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await addBlock(page, 'Quote');
  await keyboard.type('Not all who wander are lost');
  await page.locator('.cdx-quote__caption').click();
  await keyboard.type('Tolkien');

  const chooser = page.waitForEvent('filechooser');
  await addBlock(page, 'Image');
  await (await chooser).setFiles(picturePng);
  await expect(page.locator('.image-tool__image-picture')).toHaveAttribute('src', /^http:\/\/[^/]+\/uploads\//);
  await page.locator('.image-tool__caption').click();
  await keyboard.type('Our map');
  await showToolbarOf(page, page.locator('.image-tool'));
  await page.locator('.ce-toolbar__settings-btn').click();
  await page.locator('.ce-popover--opened .ce-popover-item', { hasText: 'With border' }).click();

  await addBlock(page, 'Link');
  await keyboard.type(otherSite.url);
  await keyboard.press('Enter');
  await expect(page.locator('.link-tool__content--rendered')).toContainText('Ridge route guide');

  await paste(page.locator('.ce-paragraph').first(), youtubeUrl);
  await expect(page.locator('.embed-tool iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');

  // Save Draft, then / after half a second; the autosaved copy goes with it.
  // A double click sends one save: the second click is ignored while the first is in flight.
  const drafted = page.waitForResponse((response) => response.url().endsWith('/api/blog/create-blog'));
  await saveDraft.dblclick();
  await expectToast(page, EditorMessages.draftSaved);
  const { id } = (await (await drafted).json()) as { id: string };
  await expect(page).toHaveURL('/');
  expect(saves).toHaveLength(1);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('inkwell:editor:'))),
  ).toEqual([]);

  // Reopened in edit mode: everything is back, and there is nothing to restore.
  await page.goto(`/editor/${id}`);
  await expect(title).toHaveValue('Ridge walk');
  await expect(page.getByRole('img', { name: 'Blog banner' })).toHaveAttribute('src', /^http:\/\/[^/]+\/uploads\//);
  await expect(page.locator('.ce-header')).toHaveText('Into the hills');
  await expect(page.locator('.ce-paragraph mark')).toContainText('sun');
  await expect(page.locator('.ce-paragraph code')).toHaveText('compass');
  await expect(page.locator('.cdx-list-ordered')).toContainText('Start early');
  await expect(page.locator('.cdx-list-unordered')).toContainText('Water');
  await expect(page.locator('.cdx-quote__caption')).toHaveText('Tolkien');
  await expect(page.locator('.image-tool__caption')).toHaveText('Our map');
  await expect(page.locator('.image-tool--withBorder')).toBeVisible();
  await expect(page.locator('.link-tool__title')).toHaveText('Ridge route guide');
  await expect(page.locator('.embed-tool iframe')).toHaveAttribute('src', /youtube\.com\/embed\//);
  await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);

  // Publish it with tags: Enter and a comma add, the remove button takes one away.
  await publish.click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await settings.getByLabel('Short description about your blog').fill('A day on the ridge.');
  const topics = settings.getByLabel('Topics');
  await topics.fill('Hiking');
  await topics.press('Enter');
  await topics.pressSequentially('travel,walks,');
  await settings.getByRole('button', { name: 'Remove tag walks' }).click();
  await expect(settings.getByRole('textbox', { name: /^Tag / })).toHaveCount(2);
  await settings.getByRole('button', { name: 'Publish', exact: true }).click();
  await expectToast(page, EditorMessages.published);
  await expect(page).toHaveURL('/');
  expect(saves).toHaveLength(2);
  expect(saves[1]).toMatchObject({ id, draft: false });

  // What the server stored: the same blog, published, with a block of every type.
  const blog = await blogForEdit(request, user, id);
  expect(blog).toMatchObject({
    title: 'Ridge walk',
    des: 'A day on the ridge.',
    tags: ['hiking', 'travel'],
    draft: false,
  });
  const blocks = blog.content[0]!.blocks;
  expect(new Set(blocks.map((block) => block.type))).toEqual(
    new Set(['paragraph', 'header', 'image', 'quote', 'list', 'link', 'embed']),
  );
  const byType = <T extends BlockType>(type: T) =>
    blocks.filter((block) => block.type === type) as Extract<ContentBlock, { type: T }>[];
  expect(blocks.every((block) => /^[\w-]{10}$/.test(block.id ?? ''))).toBe(true);
  expect(byType('paragraph')[0]!.data.text).toMatch(/<mark[^>]*>sun.*<code[^>]*>compass<\/code>/);
  expect(byType('header')[0]!.data).toEqual({ text: 'Into the hills', level: 2 });
  expect(byType('list').map((list) => list.data.style)).toEqual(['unordered', 'ordered']);
  expect(byType('quote')[0]!.data).toEqual({
    text: 'Not all who wander are lost',
    caption: 'Tolkien',
    alignment: 'left',
  });
  expect(byType('image')[0]!.data).toMatchObject({
    caption: 'Our map',
    withBorder: true,
    stretched: false,
    withBackground: false,
  });
  expect(byType('image')[0]!.data.file.url).toMatch(/^http:\/\/[^/]+\/uploads\//);
  expect(byType('link')[0]!.data).toMatchObject({
    link: otherSite.url,
    meta: { title: 'Ridge route guide', description: 'Every turn of the ridge path' },
  });
  expect(byType('embed')[0]!.data).toMatchObject({
    service: 'youtube',
    source: youtubeUrl,
    embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  });
  await otherSite.close();
});

test('publish settings: the card preview, each rule of docs/product/rules.md, tags and the way back to writing', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createUser(request);
  const title = 'Spring notes';
  const id = await createBlog(request, user, {
    title,
    draft: true,
    banner: `${baseURL}/favicon.svg`,
    des: '',
    tags: [],
  });
  await signIn(page, user);
  const saves = watchSaves(page);
  await page.goto(`/editor/${id}`);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue(title);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await expect(settings.getByRole('img', { name: 'Banner preview' })).toHaveAttribute('src', `${baseURL}/favicon.svg`);
  await expect(settings.getByTestId('preview-title')).toHaveText(title);
  const publish = settings.getByRole('button', { name: 'Publish', exact: true });

  const settingsTitle = settings.getByLabel('Blog Title');
  await settingsTitle.fill('  ');
  await publish.click();
  await toast(page, Messages.publishTitleRequired);
  await settingsTitle.fill('Spring on the coast');
  await expect(settings.getByTestId('preview-title')).toHaveText('Spring on the coast');
  await publish.click();
  await toast(page, Messages.descriptionRule);

  const description = settings.getByLabel('Short description about your blog');
  await expect(settings.getByText('200 characters left')).toBeVisible();
  await description.click();
  await page.keyboard.type('Cliffs');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' and terns.');
  await expect(description).toHaveValue('Cliffs and terns.');
  await expect(settings.getByText('183 characters left')).toBeVisible();
  await expect(settings.getByTestId('preview-des')).toHaveText('Cliffs and terns.');
  await description.fill('x'.repeat(250));
  await expect(description).toHaveValue('x'.repeat(200));
  await expect(settings.getByText('0 characters left')).toBeVisible();
  await description.fill('Cliffs and terns.');
  await publish.click();
  await toast(page, Messages.tagRequired);

  // Duplicates (in any case) and empty tags are ignored; a tag is edited in place.
  const topics = settings.getByLabel('Topics');
  const tags = settings.getByRole('textbox', { name: /^Tag / });
  await topics.fill('Birds');
  await topics.press('Enter');
  await topics.fill(' BIRDS ');
  await topics.press('Enter');
  await topics.press('Enter');
  await topics.pressSequentially(',');
  await expect(tags).toHaveCount(1);
  await expect(settings.getByText('9 Tags left')).toBeVisible();
  const birds = settings.getByRole('textbox', { name: 'Tag birds' });
  await birds.fill('Seabirds');
  await birds.press('Enter');
  await expect(settings.getByRole('textbox', { name: 'Tag seabirds' })).toHaveValue('seabirds');

  // At most 10.
  for (const tag of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
    await topics.fill(tag);
    await topics.press('Enter');
  }
  await expect(settings.getByText('0 Tags left')).toBeVisible();
  await topics.fill('eleventh');
  await topics.press('Enter');
  await toast(page, Messages.maxTags);
  await expect(tags).toHaveCount(10);
  for (const tag of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
    await settings.getByRole('button', { name: `Remove tag ${tag}` }).click();
  await expect(settings.getByText('8 Tags left')).toBeVisible();

  // The close button goes back to writing with nothing lost; Publish brings the settings back as they were.
  await settings.getByRole('button', { name: 'Close publish settings' }).click();
  await expect(settings).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue('Spring on the coast');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(description).toHaveValue('Cliffs and terns.');
  await expect(tags).toHaveCount(2);
  expect(saves).toEqual([]);

  await publish.click();
  await expectToast(page, EditorMessages.published);
  await expect(page).toHaveURL('/');
  expect(saves).toHaveLength(1);
  expect(await blogForEdit(request, user, id)).toMatchObject({
    title: 'Spring on the coast',
    des: 'Cliffs and terns.',
    tags: ['seabirds', 'i'],
    draft: false,
  });
});

test('tags: a comma ends a tag however the text arrived, a pasted list gives every tag, Enter adds, duplicates and the 11th are refused', async ({
  page,
  request,
  context,
}) => {
  const user = await createUser(request);
  const id = await createBlog(request, user, { draft: true, des: '', tags: [] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, user);
  await page.goto(`/editor/${id}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  const topics = settings.getByLabel('Topics');
  const tags = () =>
    settings
      .getByRole('textbox', { name: /^Tag / })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  /** A paste as a writer makes it: the text on the clipboard, then the keyboard shortcut. */
  const pasteIntoTopics = async (text: string) => {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await topics.focus();
    await page.keyboard.press('ControlOrMeta+V');
  };

  // A pasted list is finished: every piece is a tag, the last one too.
  await pasteIntoTopics('Alps, Bergen, Cairns');
  await expect.poll(tags).toEqual(['alps', 'bergen', 'cairns']);
  await expect(topics).toHaveValue('');

  // Pasted or inserted (as autofill and input methods do, with no key pressed) text waits for the comma.
  await pasteIntoTopics('Delta');
  await expect(topics).toHaveValue('Delta');
  await topics.press(',');
  await expect.poll(tags).toEqual(['alps', 'bergen', 'cairns', 'delta']);
  await expect(topics).toHaveValue('');
  await page.keyboard.insertText('Eagle');
  await page.keyboard.insertText(',');
  await topics.pressSequentially('fjord,gl');
  await expect.poll(tags).toEqual(['alps', 'bergen', 'cairns', 'delta', 'eagle', 'fjord']);
  await expect(topics).toHaveValue('gl');
  await topics.pressSequentially('en');
  await topics.press('Enter');
  await expect.poll(tags).toEqual(['alps', 'bergen', 'cairns', 'delta', 'eagle', 'fjord', 'glen']);

  // Duplicates (in any case) and empty pieces add nothing.
  await pasteIntoTopics('ALPS, ,glen,');
  await topics.press('Enter');
  await topics.press(',');
  await expect.poll(tags).toEqual(['alps', 'bergen', 'cairns', 'delta', 'eagle', 'fjord', 'glen']);
  await expect(settings.getByText('3 Tags left')).toBeVisible();

  // An input method's text counts once it is settled; its full-width comma ends a tag too.
  const inputMethod = await context.newCDPSession(page);
  for (const composing of ['hi', 'hill', 'hill，']) {
    await inputMethod.send('Input.imeSetComposition', {
      text: composing,
      selectionStart: composing.length,
      selectionEnd: composing.length,
    });
  }
  await expect(topics).toHaveValue('hill，');
  expect(await tags()).toHaveLength(7);
  await inputMethod.send('Input.insertText', { text: 'hill，' });
  await expect.poll(tags).toEqual(['alps', 'bergen', 'cairns', 'delta', 'eagle', 'fjord', 'glen', 'hill']);
  await expect(topics).toHaveValue('');

  // Ten at most, whichever way the 11th comes.
  await pasteIntoTopics('isle, jetty');
  await expect
    .poll(tags)
    .toEqual(['alps', 'bergen', 'cairns', 'delta', 'eagle', 'fjord', 'glen', 'hill', 'isle', 'jetty']);
  await expect(settings.getByText('0 Tags left')).toBeVisible();
  await topics.pressSequentially('kelp,');
  await expectToast(page, Messages.maxTags);
  await pasteIntoTopics('loch, moor');
  // The same refusal again replaces the toast on screen rather than stacking a second one.
  await expect(page.getByRole('status').filter({ hasText: Messages.maxTags })).toHaveCount(1);
  expect(await tags()).toHaveLength(10);
});

/** The blog at its address as a signed-out reader finds it. */
async function visitorSees(browser: Browser, baseURL: string, blogId: string, text: string) {
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(`/blog/${blogId}`);
  await expect(visitor.getByText(text, { exact: true }).first()).toBeVisible();
  await visitor.close();
}

/** Signs a new author in and opens their published blog in the editor, which says it is published. */
async function openOwnPublishedBlog(page: Page, request: APIRequestContext) {
  const author = await createUser(request);
  const blogTitle = `Harbour lights ${uniqueId()}`;
  const id = await createBlog(request, author, { title: blogTitle });
  await signIn(page, author);
  const saves = watchSaves(page);
  await page.goto(`/editor/${id}`);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue(blogTitle);
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  return { id, blogTitle, saves };
}

test('a published blog reopened says Published; Update goes through the publish checks and keeps it on the site with the new text', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { id, saves } = await openOwnPublishedBlog(page, request);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Then the fog came in.');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  const description = settings.getByLabel('Short description about your blog');
  await description.fill('');
  await settings.getByRole('button', { name: 'Update', exact: true }).click();
  await toast(page, Messages.descriptionRule);
  await description.fill('Lights across the water.');
  await settings.getByRole('button', { name: 'Update', exact: true }).click();
  await expectToast(page, EditorMessages.updated);
  await expect(page).toHaveURL('/');
  expect(saves).toHaveLength(1);
  expect(saves[0]).toMatchObject({ id, draft: false });
  await visitorSees(browser, baseURL!, id, 'We left early. Then the fog came in.');
});

test.describe('on a 360 px screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('reload mid-writing, get the autosaved copy back through Restore, or discard it', async ({ page, request }) => {
    const user = await createUser(request);
    await signIn(page, user);
    const noSideScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/editor');
    const title = page.getByRole('textbox', { name: 'Blog Title' });
    await title.fill('Unsaved thoughts');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Keep this line');
    await noSideScroll();
    // Written once typing pauses: the reload comes after that, as a crash would.
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).join())).toContain('Keep this line');

    await page.reload();
    const restore = page.getByRole('button', { name: 'Restore' });
    await expect(page.getByRole('status').filter({ hasText: 'unsaved changes' })).toBeVisible();
    await expect(title).toHaveValue('');
    await restore.click();
    await expect(title).toHaveValue('Unsaved thoughts');
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Keep this line');
    await expect(restore).toHaveCount(0);

    // The layout holds at this width in both states.
    await page.getByLabel('Upload a blog banner').setInputFiles(bannerJpg);
    await expectToast(page, EditorMessages.bannerUploaded);
    await noSideScroll();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Publish settings' })).toBeVisible();
    await noSideScroll();

    // Discard drops the copy: the next visit starts from the blog as saved (here, nothing).
    await page.reload();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(restore).toHaveCount(0);
    await expect(title).toHaveValue('');
    await page.reload();
    await expect(page.locator('.codex-editor')).toBeVisible();
    await expect(restore).toHaveCount(0);
  });

  test('Save Draft on a published blog asks first: Escape and Cancel keep it on the site, confirming takes it off', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { id, blogTitle, saves } = await openOwnPublishedBlog(page, request);
    const title = page.getByRole('textbox', { name: 'Blog Title' });
    const saveDraft = page.getByRole('button', { name: 'Save Draft' });
    const confirm = page.getByRole('alertdialog');

    await saveDraft.click();
    await expect(confirm).toContainText('takes this blog off the site');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    const box = (await confirm.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Escape, then Cancel: nothing is sent, and the keyboard is back on Save Draft.
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(saveDraft).toBeFocused();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(saves).toEqual([]);
    await visitorSees(browser, baseURL!, id, blogTitle);

    await saveDraft.click();
    await confirm.getByRole('button', { name: 'Save as draft' }).click();
    await expectToast(page, EditorMessages.draftSaved);
    await expect(page).toHaveURL('/');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ id, draft: true });
    await visitorSees(browser, baseURL!, id, 'Page not found');

    // A draft now: Publish again, no badge, and Save Draft saves without asking.
    await page.goto(`/editor/${id}`);
    await expect(title).toHaveValue(blogTitle);
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toHaveCount(0);
    await saveDraft.click();
    await expectToast(page, EditorMessages.draftSaved);
    expect(saves).toHaveLength(2);
  });
});

test('an image pasted by address; and failures: a blog that cannot be opened, an image or a link the tools cannot use, a refused save', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of (400|401|404|415)\b/);
  // The image tool previews a pasted address before the upload; the CSP shows https pictures only and this test site is http.
  consoleErrors.allow(
    /Loading the image 'http:\/\/localhost:\d+\/map\.png' violates the following Content Security Policy/,
  );
  const otherSite = await serveOtherSite(baseURL!);
  const user = await createUser(request);
  const other = await createUser(request);
  const othersDraft = await createBlog(request, other, { draft: true, banner: '', des: '', tags: [] });
  const othersPublished = await createBlog(request, other, { title: 'Not yours to edit' });
  await signIn(page, user);
  const saves = watchSaves(page);

  // Someone else's published blog is public, but not theirs to edit: the editor starts with an empty, new blog.
  await page.goto(`/editor/${othersPublished}`);
  await expect(page.getByTestId('editor-title')).toHaveText(EditorMessages.newBlog);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue('');
  // Someone else's draft does not load at all (the server hides it): the same.
  await page.goto(`/editor/${othersDraft}`);
  await expect(page.getByTestId('editor-title')).toHaveText(EditorMessages.newBlog);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue('');

  // A pasted picture address: the server fetches the picture and keeps its own copy.
  await paste(page.locator('.ce-paragraph').first(), otherSite.pictureUrl);
  await expect(page.locator('.image-tool__image-picture')).toHaveAttribute(
    'src',
    /^http:\/\/[^/]+\/uploads\/[a-z0-9]+\.png$/,
  );

  // An upload the server refuses: our notice, and the image block is empty again.
  const chooser = page.waitForEvent('filechooser');
  await addBlock(page, 'Image');
  await (
    await chooser
  ).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(page.locator('.cdx-notify', { hasText: Messages.editorImageFailed })).toBeVisible();
  await expect(page.locator('.image-tool--empty')).toBeVisible();

  // A page with nothing to preview, then an inline link with spaces in it.
  await addBlock(page, 'Link');
  await page.keyboard.type(otherSite.missingUrl);
  await page.keyboard.press('Enter');
  await expect(page.locator('.cdx-notify', { hasText: Messages.linkTryOther })).toBeVisible();
  await addBlock(page, 'Text');
  await page.keyboard.type('See here');
  await page.keyboard.press('Shift+Control+ArrowLeft');
  await page.locator('.ce-inline-toolbar [data-item-name="link"], .ce-popover--inline [data-item-name="link"]').click();
  await page.keyboard.type('not a link');
  await page.keyboard.press('Enter');
  await expect(page.locator('.cdx-notify', { hasText: Messages.linkInvalid })).toBeVisible();
  // Editor.js puts the selection back into the paragraph when its inline toolbar closes after focus
  // has left: close it first, or the title typed next can land in the paragraph.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ce-inline-toolbar--showed, .ce-popover--inline.ce-popover--opened')).toHaveCount(0);

  // The server refuses the save (the session was ended elsewhere): the writer is signed out and told
  // so, and what they wrote waits in this browser for them to sign back in.
  await page.getByRole('textbox', { name: 'Blog Title' }).fill('Kept safe');
  await expect(page.getByTestId('editor-title')).toHaveText('Kept safe');
  await apiPost(request, '/api/user/signout', {}, user);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await toast(page, AuthMessages.sessionEnded);
  await expect(page).toHaveURL('/signin');
  expect(saves).toHaveLength(1);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/editor');
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue('Kept safe');
  await otherSite.close();
});

test('the editor writes in the blog page’s type and column: each block looks the same, about 70 characters a line', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const prose =
    'The path climbs through birch and heather to the ridge, where the wind comes straight off the sea and the whole coast ' +
    'opens out below: the harbour, the lighthouse on its rock, and the long pale line of the dunes running north.';
  const blocks = [
    { id: 'para000001', type: 'paragraph', data: { text: prose } },
    {
      id: 'para000002',
      type: 'paragraph',
      data: { text: 'Pack <mark>water</mark>, a <a href="https://example.org/map">map</a> and <code>gps</code>.' },
    },
    { id: 'head000002', type: 'header', data: { text: 'Over the top', level: 2 } },
    { id: 'head000003', type: 'header', data: { text: 'Down again', level: 3 } },
    {
      id: 'quote00001',
      type: 'quote',
      data: { text: 'Not all who wander are lost', caption: 'Tolkien', alignment: 'left' },
    },
    {
      id: 'list000001',
      type: 'list',
      data: {
        style: 'unordered',
        items: [
          { content: 'Boots', items: [] },
          { content: 'Water', items: [] },
        ],
      },
    },
    { id: 'list000002', type: 'list', data: { style: 'ordered', items: [{ content: 'Start early', items: [] }] } },
  ];
  const id = await createBlog(request, author, { content: [{ time: 1, version: '2.31.7', blocks }] });
  await signIn(page, author);

  /** Each block, found the same way on the blog page and in the editor (the editor's own class where the page has none). */
  const blocksOf = (editing: boolean): Record<string, Locator> => ({
    paragraph: page.getByText(prose, { exact: true }),
    'level 2 header': page.getByRole('heading', { name: 'Over the top' }),
    'level 3 header': page.getByRole('heading', { name: 'Down again' }),
    quote: page.getByText('Not all who wander are lost', { exact: true }),
    'quote box': page.locator(editing ? 'blockquote.cdx-quote' : 'figure:has(> blockquote)'),
    'quote caption': page.getByText('Tolkien', { exact: true }),
    'unordered list item': page.locator('ul > li').filter({ hasText: /^Boots$/ }),
    'ordered list item': page.locator('ol > li').filter({ hasText: /^Start early$/ }),
    marker: page.locator('mark', { hasText: 'water' }),
    link: page.getByRole('link', { name: 'map', exact: true }),
    'inline code': page.locator('code', { hasText: 'gps' }),
  });
  const looks = async (editing: boolean) => {
    const found: Record<string, unknown> = {};
    for (const [block, locator] of Object.entries(blocksOf(editing))) {
      found[block] = await locator.first().evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          fontFamily: style.fontFamily,
          fontSize: style.fontSize,
          fontWeight: style.fontWeight,
          lineHeight: style.lineHeight,
          color: style.color,
          background: style.backgroundColor,
          borderLeft: `${style.borderLeftWidth} ${style.borderLeftColor}`,
          listStyle: style.listStyleType,
          underline: style.textDecorationLine,
        };
      });
    }
    return found;
  };
  /** The body text's column: its width, and how many characters of the text's own font fill a line. */
  const column = () =>
    page.getByText(prose, { exact: true }).evaluate((paragraph) => {
      const style = getComputedStyle(paragraph);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = paragraph.textContent!;
      const averageCharacter = context.measureText(text).width / text.length;
      return { width: paragraph.clientWidth, charactersPerLine: paragraph.clientWidth / averageCharacter };
    });

  await page.goto(`/blog/${id}`);
  await expect(page.getByText(prose, { exact: true })).toBeVisible();
  const reading = await looks(false);
  const readingColumn = await column();

  await page.goto(`/editor/${id}`);
  await expect(page.locator('.ce-paragraph').first()).toHaveText(prose);
  await expect(page.locator('.cdx-list-ordered')).toContainText('Start early');
  expect(await looks(true)).toEqual(reading);
  const writingColumn = await column();

  expect(readingColumn.charactersPerLine).toBeGreaterThanOrEqual(60);
  expect(readingColumn.charactersPerLine).toBeLessThanOrEqual(80);
  expect(writingColumn.width).toBeCloseTo(readingColumn.width, 0);
  expect(writingColumn.charactersPerLine).toBeCloseTo(readingColumn.charactersPerLine, 0);
});

test('the editor’s title, topics and tag fields show keyboard focus with an outline of at least 3:1 contrast', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const id = await createBlog(request, user, { draft: true, tags: ['coast'] });
  await signIn(page, user);
  await page.goto(`/editor/${id}`);

  /** The focused field's outline, and its contrast with the background around it (WCAG 2.2 non-text contrast). */
  const focusRing = (field: Locator) =>
    field.evaluate((element) => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const rgb = (color: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (color: string) => {
        const [r, g, b] = rgb(color).map((v) =>
          v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
        );
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      let around: Element | null = element.parentElement;
      while (around && getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)') around = around.parentElement;
      const style = getComputedStyle(element);
      const [light, dark] = [
        luminance(style.outlineColor),
        luminance(around ? getComputedStyle(around).backgroundColor : 'white'),
      ].sort((a, b) => b - a);
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        contrast: (light! + 0.05) / (dark! + 0.05),
      };
    });
  const expectVisibleFocus = async (field: Locator) => {
    await field.focus();
    await expect(field).toBeFocused();
    const ring = await focusRing(field);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.contrast).toBeGreaterThanOrEqual(3);
  };

  const title = page.getByRole('textbox', { name: 'Blog Title' });
  await expectVisibleFocus(title);
  // From the banner upload, Tab reaches the title.
  await page.getByLabel('Change the blog banner').focus();
  await page.keyboard.press('Tab');
  await expect(title).toBeFocused();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Publish settings' });
  await expectVisibleFocus(settings.getByLabel('Topics'));
  await expectVisibleFocus(settings.getByRole('textbox', { name: 'Tag coast' }));
});

test('reading pages never load the editor’s code', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes('editor'))).toEqual([]);

  await page.goto('/editor');
  await expect(page.locator('.codex-editor')).toBeVisible();
  expect(scripts.filter((script) => script.includes('editor')).length).toBeGreaterThan(0);
});
