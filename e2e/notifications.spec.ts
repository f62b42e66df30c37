import type { Page } from '@playwright/test';
import { Messages } from '@inkwell/contracts';
import { commentOn, openComments, publishedBlog } from './support/conversation.ts';
import {
  apiPost,
  createUser,
  expect,
  expectToast,
  recordToasts,
  signIn,
  test,
  uniqueId,
  type TestUser,
} from './support/fixtures.ts';

const bellDot = (page: Page) => page.getByTestId('notification-dot');
const sidebarDot = (page: Page) => page.getByTestId('sidebar-notification-dot');
const entries = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter notifications' }).getByRole('button', { name });

test('a conversation between two readers: the dot lights up live, notifications filter, answer and delete', async ({
  browser,
  request,
}) => {
  const author = await createUser(request, 'Blog Author');
  const reader = await createUser(request, 'Ann Reader');
  const title = `Rivers and hills ${uniqueId()}`;
  const blog = await publishedBlog(request, author, { title });
  await commentOn(request, author, blog, 'Welcome, readers!');

  const open = async (user: TestUser) => {
    const context = await browser.newContext();
    await context.addInitScript(recordToasts);
    const page = await context.newPage();
    await signIn(page, user);
    return page;
  };
  const authorPage = await open(author);
  const readerPage = await open(reader);
  await authorPage.goto('/dashboard/blogs');
  await expect(authorPage.getByRole('heading', { name: 'Manage Blogs' })).toBeVisible();
  await expect(bellDot(authorPage)).toBeHidden();
  await expect(sidebarDot(authorPage)).toBeHidden();

  // The reader comments and answers the author's comment, in their own browser.
  const panel = await openComments(readerPage, blog);
  await panel.getByRole('form', { name: 'Add a comment' }).getByRole('textbox').fill('Where is this?');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel.getByText('Where is this?')).toBeVisible();
  const authorsCard = panel.getByRole('listitem', { name: 'Comment by Blog Author' });
  await authorsCard.getByRole('button', { name: 'Reply' }).click();
  await authorsCard.getByRole('form').getByRole('textbox').fill('Thanks for having us!');
  await authorsCard.getByRole('form').getByRole('button', { name: 'Reply' }).click();
  await expect(authorsCard.getByText('Thanks for having us!')).toBeVisible();

  // The author's bell and sidebar light up without a reload; opening the screen clears them.
  await expect(bellDot(authorPage)).toBeVisible();
  await expect(sidebarDot(authorPage)).toBeVisible();
  await authorPage.getByRole('link', { name: 'Notifications (new)' }).click();
  await expect(authorPage).toHaveURL(/\/dashboard\/notification$/);
  await expect(authorPage.getByRole('heading', { name: 'Recent Notifications' })).toBeVisible();
  await expect(bellDot(authorPage)).toBeHidden();
  await expect(sidebarDot(authorPage)).toBeHidden();

  const commented = entries(authorPage).filter({ hasText: 'commented on' });
  const replied = entries(authorPage).filter({ hasText: 'replied on' });
  await expect(entries(authorPage)).toHaveCount(2);
  await expect(commented).toContainText(`Ann Reader @${reader.username} commented on “${title}”`);
  await expect(commented).toContainText('Where is this?');
  await expect(commented.getByText('New', { exact: true })).toBeVisible();
  await expect(commented.getByRole('link', { name: `“${title}”` })).toHaveAttribute('href', `/blog/${blog.blog_id}`);
  await expect(commented.getByRole('link', { name: `@${reader.username}` })).toHaveAttribute(
    'href',
    `/user/${reader.username}`,
  );
  await expect(replied.getByLabel('Your comment')).toHaveText('Welcome, readers!');
  await expect(replied).toContainText('Thanks for having us!');

  // Filters.
  await filter(authorPage, 'like').click();
  await expect(filter(authorPage, 'like')).toHaveAttribute('aria-pressed', 'true');
  await expect(authorPage.getByText('Nothing available')).toBeVisible();
  await filter(authorPage, 'reply').click();
  await expect(entries(authorPage)).toHaveCount(1);
  await expect(entries(authorPage)).toContainText('replied on');
  await filter(authorPage, 'comment').click();
  await expect(entries(authorPage)).toHaveCount(1);
  await expect(entries(authorPage)).toContainText('commented on');
  // What the screen showed new stays marked while it is open, though listing marked it seen.
  await expect(entries(authorPage).getByText('New', { exact: true })).toBeVisible();
  await filter(authorPage, 'all').click();
  await expect(entries(authorPage)).toHaveCount(2);
  await expect(authorPage.getByText('New', { exact: true })).toHaveCount(2);

  // A like while the screen is open shows up at once.
  await apiPost(request, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader);
  await expect(entries(authorPage).first()).toContainText('Ann Reader @' + reader.username + ' liked your blog');
  await expect(bellDot(authorPage)).toBeHidden();

  // The author answers the reader from the notification; the reader's bell lights up.
  await expect(bellDot(readerPage)).toBeHidden();
  await commented.getByRole('button', { name: 'Reply' }).click();
  await commented.getByRole('form', { name: 'Reply to Ann Reader' }).getByRole('textbox').fill('The Lake District.');
  await commented.getByRole('form').getByRole('button', { name: 'Reply' }).click();
  await expect(commented.getByLabel('Your reply')).toContainText('The Lake District.');
  await expect(commented.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await expect(bellDot(readerPage)).toBeVisible();
  await panel.getByRole('button', { name: 'Close comments' }).click();
  await readerPage.getByRole('link', { name: 'Notifications (new)' }).click();
  const answer = entries(readerPage).first();
  await expect(answer).toContainText(`Blog Author @${author.username} replied on “${title}”`);
  await expect(answer.getByLabel('Your comment')).toHaveText('Where is this?');
  await expect(answer).toContainText('The Lake District.');
  // The reply was on someone else's blog: the reader may answer but not delete it.
  await expect(answer.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The author deletes the reader's comment on their blog: the entry goes, and so does the reader's.
  await commented.getByRole('button', { name: 'Delete' }).click();
  await expectToast(authorPage, Messages.commentDeleted);
  await expect(commented).toBeHidden();
  await expect(entries(authorPage)).toHaveCount(2);
  await readerPage.reload();
  await expect(readerPage.getByText('Nothing available')).toBeVisible();

  await authorPage.context().close();
  await readerPage.context().close();
});

test('deleting a comment takes the entries about every reply under it off the screen at once', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Blog Author');
  const reader = await createUser(request, 'Deep Reader');
  const blog = await publishedBlog(request, author);
  const opening = await commentOn(request, author, blog, 'What did you think?');
  const answer = await commentOn(request, reader, blog, 'Loved the hills.', opening._id);
  const followUp = await commentOn(request, author, blog, 'Which one most?', answer._id);
  await commentOn(request, reader, blog, 'The last one, at dusk.', followUp._id);

  await signIn(page, author);
  await page.goto('/dashboard/notification');
  await expect(entries(page)).toHaveCount(2);
  const shallow = entries(page).filter({ hasText: 'Loved the hills.' });
  const deep = entries(page).filter({ hasText: 'The last one, at dusk.' });
  await expect(deep.getByLabel('Your comment')).toHaveText('Which one most?');

  // Deleting the reader's answer takes the whole thread under it, so the deeper entry goes too.
  await shallow.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, Messages.commentDeleted);
  await expect(page.getByText('Nothing available')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nothing available')).toBeVisible();
});

test('notifications come a page at a time, marked new until seen, and an empty list says so', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Blog Author');
  const reader = await createUser(request, 'Busy Reader');
  const blog = await publishedBlog(request, author);
  for (let i = 0; i < 11; i++) await commentOn(request, reader, blog, `Comment ${i}`);

  await signIn(page, author);
  await page.goto('/');
  await expect(bellDot(page)).toBeVisible();
  await page.goto('/dashboard/notification');
  await expect(entries(page)).toHaveCount(10);
  await expect(entries(page).first()).toContainText('Comment 10');
  await expect(page.getByText('New', { exact: true })).toHaveCount(10);
  // One more comes while the screen is open: the list loads again with it, and what it showed new stays marked.
  await commentOn(request, reader, blog, 'Comment 11');
  await expect(entries(page).first()).toContainText('Comment 11');
  await expect(page.getByText('New', { exact: true })).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(entries(page)).toHaveCount(12);
  await expect(entries(page).last()).toContainText('Comment 0');
  await expect(page.getByRole('button', { name: 'Load More' })).toBeHidden();

  await page.reload();
  await expect(entries(page)).toHaveCount(10);
  await expect(page.getByText('New', { exact: true })).toHaveCount(0);

  // A new tab has its own session storage: the reader signs in there.
  const readerTab = await page.context().newPage();
  await signIn(readerTab, reader);
  await readerTab.goto('/dashboard/notification');
  await expect(readerTab.getByText('Nothing available')).toBeVisible();
});
