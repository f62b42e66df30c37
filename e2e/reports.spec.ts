import { CommentMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { commentOn, openComments, publishedBlog } from './support/conversation.ts';
import { apiPost, createUser, expect, expectToast, ownerUser, signIn, test } from './support/fixtures.ts';

const THANKS = 'Thank you: the site’s staff will look at it';

test('a member reports a blog; a moderator hides it from the queue with a reason; its author sees why', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerUser(request);
  const moderator = await createUser(request, 'Mod Erator');
  await apiPost(request, '/api/admin/member/role', { username: moderator.username, role: 'moderator' }, owner);
  const author = await createUser(request, 'Pill Seller');
  const reader = await createUser(request, 'Careful Reader');
  const blog = await publishedBlog(request, author, { title: 'Cheap pills for everyone', des: 'Buy now.' });

  await installAxe(page);
  await signIn(page, reader);
  await page.goto(`/blog/${blog.blog_id}`);
  const report = page.getByRole('button', { name: 'Report this blog' });
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this blog to the site’s staff' });
  // Focus starts on the first reason; the keyboard picks another.
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused();
  await checkScreen(page, 'the report dialog of a blog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();

  await report.click();
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('textbox', { name: /Anything the staff should know/ }).fill('Sells pills in every post');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, THANKS);
  await expect(dialog).toHaveCount(0);

  const modPage = await context.newPage();
  await installAxe(modPage);
  await signIn(modPage, moderator);
  await modPage.goto('/admin/reports');
  await expect(modPage.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const group = modPage.getByRole('listitem').filter({ has: modPage.getByRole('heading', { name: /Cheap pills/ }) });
  await expect(group).toContainText('1 report');
  await expect(group).toContainText(`Spam, by @${reader.username}`);
  await expect(group).toContainText('Sells pills in every post');
  await expect(group).toContainText('Cheap pills for everyone\nBuy now.', { useInnerText: true });
  await checkScreen(modPage, 'the reports queue');
  await group.getByRole('textbox', { name: /Reason/ }).fill('Advertising');
  await group.getByRole('button', { name: 'Hide blog' }).click();
  await expectToast(modPage, 'Blog hidden');
  // Its group leaves the queue (other tests' reports may be in it: the site is shared).
  await expect(group).toHaveCount(0);

  // The author sees their blog marked hidden, with the reason, and is told of it; nobody told them who reported.
  const authorPage = await context.newPage();
  await signIn(authorPage, author);
  await authorPage.goto(`/blog/${blog.blog_id}`);
  await expect(authorPage.getByRole('note')).toHaveText(
    'Hidden by the site’s staff: nobody else can read it. Reason: “Advertising”',
  );
  await authorPage.goto('/dashboard/notification');
  await expect(authorPage.getByRole('main')).toContainText('Reason: “Advertising”');
  await expect(authorPage.getByRole('main')).not.toContainText(reader.username);
});

test('a reader reports a comment and a profile; staff delete the comment, its reply stays', async ({
  context,
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The second report of the profile is refused (409), as the test means it to be.
  consoleErrors.allow(/status of 409/);
  const owner = await ownerUser(request);
  const author = await createUser(request, 'Blog Author');
  const troll = await createUser(request, 'Troll Account');
  const reader = await createUser(request, 'Careful Reader');
  const blog = await publishedBlog(request, author);
  const comment = await commentOn(request, troll, blog, 'You are all idiots');
  await commentOn(request, author, blog, 'Please be kind', comment._id);

  await signIn(page, reader);
  const panel = await openComments(page, blog);
  const card = panel.getByRole('listitem', { name: /Comment by troll account/i });
  await card.getByRole('button', { name: 'Report this comment' }).first().click();
  const dialog = panel.getByRole('dialog', { name: 'Report this comment to the site’s staff' });
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, THANKS);
  // The comments panel stays open, the dialog closed.
  await expect(panel).toBeVisible();

  await page.goto(`/user/${troll.username}`);
  await page.getByRole('button', { name: `Report @${troll.username}` }).click();
  const profileDialog = page.getByRole('dialog', { name: `Report @${troll.username} to the site’s staff` });
  await profileDialog.getByRole('radio', { name: 'Something else' }).check();
  await profileDialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, THANKS);
  // A second report of the same is refused while the first is open.
  await page.getByRole('button', { name: `Report @${troll.username}` }).click();
  await profileDialog.getByRole('radio', { name: 'Spam' }).check();
  await profileDialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'You reported this already: the site’s staff will look at it');

  const ownerPage = await context.newPage();
  await signIn(ownerPage, owner);
  await ownerPage.goto('/admin/reports');
  const group = ownerPage.getByRole('listitem').filter({ has: ownerPage.getByRole('heading', { name: /idiots/ }) });
  await group.getByRole('textbox', { name: /Reason/ }).fill('Insults');
  await group.getByRole('button', { name: 'Delete comment' }).click();
  await expectToast(ownerPage, 'Comment deleted');
  await expect(group).toHaveCount(0);
  // The profile's report is still there, until dismissed.
  const profileGroup = ownerPage
    .getByRole('listitem')
    .filter({ has: ownerPage.getByRole('heading', { name: `Profile @${troll.username}` }) });
  await profileGroup.getByRole('button', { name: 'Dismiss' }).click();
  await expectToast(ownerPage, 'Reports dismissed');
  await expect(profileGroup).toHaveCount(0);

  const reread = await openComments(page, blog);
  const removed = reread.getByRole('listitem', { name: /Comment by troll account/i });
  await expect(removed.getByText(CommentMessages.removedByStaff)).toBeVisible();
  await removed.getByRole('button', { name: 'Show 1 reply' }).click();
  await expect(reread.getByText('Please be kind')).toBeVisible();
});
