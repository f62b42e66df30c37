import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { checkScreen, installAxe } from './support/axe.ts';
import { commentOn, publishedBlog } from './support/conversation.ts';
import {
  apiPost,
  createBlog,
  createUser,
  expect,
  signIn,
  test,
  uniqueId,
  uploadImage,
  type TestUser,
} from './support/fixtures.ts';
import { uniqueTag } from './support/reading-data.ts';

/**
 * Every screen and state, once each: it fits phones 360 to 414 px wide and axe finds nothing on a
 * phone or the desktop, light or dark (see checkScreen).
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 180_000 });
test.beforeEach(({ page }) => installAxe(page));

/** A blog with what stretches a phone: a long unbroken word and address, a picture and an embed. */
async function wideBlog(request: APIRequestContext, author: TestUser, tag: string) {
  const image = await uploadImage(request, author);
  const url = `https://example.com/${'long-path/'.repeat(12)}`;
  return publishedBlog(request, author, {
    title: `Stretching ${'a'.repeat(60)} ${uniqueId()}`,
    tags: [tag],
    content: [
      {
        blocks: [
          { id: 'p1', type: 'paragraph', data: { text: `Word ${'b'.repeat(120)} and <a href="${url}">${url}</a>.` } },
          { id: 'h2', type: 'header', data: { text: 'A section', level: 2 } },
          {
            id: 'img',
            type: 'image',
            data: {
              file: { url: image },
              caption: 'A picture',
              withBorder: false,
              stretched: true,
              withBackground: false,
            },
          },
          {
            id: 'embed',
            type: 'embed',
            data: {
              service: 'youtube',
              source: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
              embed: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
              width: 580,
              height: 320,
              caption: 'A film',
            },
          },
          { id: 'q', type: 'quote', data: { text: 'Stay curious', caption: 'A reader', alignment: 'left' } },
          { id: 'ul', type: 'list', data: { style: 'unordered', items: ['One', 'Two'] } },
        ],
      },
    ],
  });
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('signed out: the reading screens fit a phone and pass axe', async ({ page, request }) => {
  const tag = uniqueTag();
  const author = await createUser(request, 'Screen Author');
  const reader = await createUser(request, 'Screen Reader');
  await apiPost(
    request,
    '/api/user/update-profile',
    { username: author.username, bio: 'Writes long words.', social_links: { twitter: 'https://x.com/screens' } },
    author,
  );
  const blog = await wideBlog(request, author, tag);
  await createBlog(request, author, { title: `Similar ${uniqueId()}`, tags: [tag] });
  const comment = await commentOn(request, reader, blog, `A comment with ${'c'.repeat(90)}`);
  await commentOn(request, author, blog, 'A reply', comment._id);

  await page.goto('/');
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trending blogs' })).toHaveCount(0);
  await checkScreen(page, 'home');
  await page.getByRole('group', { name: 'Topics' }).getByRole('button', { name: 'travel' }).click();
  await expect(page.getByRole('tab', { name: 'travel' })).toHaveAttribute('aria-selected', 'true');
  await checkScreen(page, 'home, a topic');
  await page.getByRole('tab', { name: 'trending blogs' }).click();
  await expect(page.getByRole('list', { name: 'Trending blogs' }).getByRole('article').first()).toBeVisible();
  await checkScreen(page, 'trending', { desktop: false });

  await page.goto(`/search/${encodeURIComponent('Stretching')}`);
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await checkScreen(page, 'search, blogs');
  await page.goto(`/search/${author.username}`);
  await page.getByRole('tab', { name: 'Accounts Matched' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: new RegExp(author.username) })).toBeVisible();
  await checkScreen(page, 'search, accounts', { desktop: false });

  await page.goto(`/blog/${blog.blog_id}`);
  await expect(heading(page, /^Stretching/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Similar Blogs' })).toBeVisible();
  await checkScreen(page, 'blog');
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(page.getByText('A comment with')).toBeVisible();
  await checkScreen(page, 'blog, comments open');

  await page.goto(`/user/${author.username}`);
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await checkScreen(page, 'profile, blogs');
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByText('Writes long words.')).toBeVisible();
  await checkScreen(page, 'profile, about', { desktop: false });
});

/**
 * The contrast of `text` with the page's background, by WCAG's formula. Colours are read back from
 * a canvas, which turns any CSS colour (Tailwind's are oklch) into sRGB.
 */
const contrastWithPage = (text: Locator) =>
  text.evaluate((element) => {
    const rgb = (color: string) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((c) =>
        c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [
      luminance(getComputedStyle(element).color),
      luminance(getComputedStyle(document.body).backgroundColor),
    ].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  });

// axe leaves them out: hidden from screen readers (the link says the rank) and under the card's stretched link.
test('the trending numerals stand out from the page, 4.5:1 or more, light and dark', async ({ page, request }) => {
  const author = await createUser(request);
  await createBlog(request, author);
  await page.goto('/');
  await page.getByRole('tab', { name: 'trending blogs' }).click();
  const numeral = page
    .getByRole('list', { name: 'Trending blogs' })
    .locator('article > span[aria-hidden="true"]')
    .first();
  await expect(numeral).toHaveText('01');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await contrastWithPage(numeral), colorScheme).toBeGreaterThanOrEqual(4.5);
  }
});

test('signed out: the account screens and not found fit a phone and pass axe', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/); // the not-found page's own answer
  for (const [path, name, title] of [
    ['/signin', 'sign-in', 'Welcome back'],
    ['/signup', 'sign-up', 'Join us today'],
    ['/forgot-password', 'forgot password', 'Forgot password?'],
    ['/reset-password/some-token', 'reset password', 'Choose a new password'],
    ['/no/such/page', 'not found', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await checkScreen(page, name);
  }
});

test('signed in: home, an own blog with its comments and the own profile fit a phone and pass axe', async ({
  page,
  request,
}) => {
  const writer = await createUser(request, 'Screen Writer');
  const reader = await createUser(request, 'Keen Reader');
  const blog = await wideBlog(request, writer, uniqueTag());
  const comment = await commentOn(request, reader, blog, 'Lovely words');
  await commentOn(request, reader, blog, 'And a reply', comment._id);
  await signIn(page, writer);

  await page.goto('/');
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await checkScreen(page, 'home, signed in');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menu', { name: 'Profile' })).toBeVisible();
  await checkScreen(page, 'home, profile menu open');
  await page.keyboard.press('Escape');

  await page.goto(`/blog/${blog.blog_id}`);
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await checkScreen(page, 'own blog');
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(page.getByText('Lovely words')).toBeVisible();
  await checkScreen(page, 'own blog, comments open');

  await page.goto(`/user/${writer.username}`);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await checkScreen(page, 'own profile');
});

test('signed in: the dashboard and settings screens fit a phone and pass axe', async ({ page, request }) => {
  const writer = await createUser(request, 'Screen Writer');
  const reader = await createUser(request, 'Keen Reader');
  const blog = await wideBlog(request, writer, uniqueTag());
  await createBlog(request, writer, { title: `A draft ${uniqueId()}`, draft: true });
  await apiPost(request, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader);
  await commentOn(request, reader, blog, 'Lovely words');
  await signIn(page, writer);

  await page.goto('/dashboard/notification');
  await expect(page.getByRole('listitem', { name: /Keen Reader commented on/ }).first()).toBeVisible();
  await checkScreen(page, 'notifications');

  await page.goto('/dashboard/blogs');
  await expect(page.getByRole('listitem', { name: blog.title })).toBeVisible();
  await checkScreen(page, 'dashboard, published');
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await expect(page.getByRole('listitem', { name: /^A draft/ })).toBeVisible();
  await checkScreen(page, 'dashboard, drafts');

  await page.goto('/dashboard/stats');
  const likes = page.getByRole('region', { name: 'Likes', exact: true });
  await expect(likes).toContainText('1 in all');
  await likes.getByText('Show as table').click();
  await expect(likes.getByRole('table')).toBeVisible();
  await checkScreen(page, 'statistics, a table open');

  await page.goto('/settings/edit-profile');
  await expect(page.getByLabel('Username')).toHaveValue(writer.username);
  await checkScreen(page, 'edit profile');
  await page.goto('/settings/change-password');
  await expect(page.getByLabel('Current Password', { exact: true })).toBeVisible();
  await checkScreen(page, 'change password');
  await page.goto('/settings/blocked-accounts');
  await expect(page.getByText('You have not blocked anyone')).toBeVisible();
  await checkScreen(page, 'blocked accounts, none');
  await page.goto('/settings/data');
  await expect(page.getByRole('button', { name: 'Download your data' })).toBeVisible();
  await checkScreen(page, 'your data');
});

test('signed in: the editor and its publish settings fit a phone and pass axe', async ({ page, request }) => {
  const writer = await createUser(request, 'Screen Writer');
  const blog = await publishedBlog(request, writer);
  await signIn(page, writer);

  await page.goto('/editor');
  await expect(page.locator('.codex-editor')).toBeVisible();
  await checkScreen(page, 'editor, new blog');
  await page.goto(`/editor/${blog.blog_id}`);
  await expect(page.getByRole('textbox', { name: 'Blog Title' })).toHaveValue(blog.title);
  await expect(page.locator('.ce-paragraph').first()).toBeVisible();
  // A published blog's main action updates it, through the same publish settings.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('region', { name: 'Publish settings' })).toBeVisible();
  await checkScreen(page, 'publish settings');
});
