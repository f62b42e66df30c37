import { ErrorMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { commentOn, openComments, publishedBlog } from './support/conversation.ts';
import { apiPost, createUser, expect, expectToast, recordToasts, signIn, test } from './support/fixtures.ts';

test('a member blocks another from their profile: the blocked one’s comment leaves the blocker’s view, they cannot comment or follow, and unblocking brings the comment back', async ({
  page,
  request,
  browser,
}) => {
  const ann = await createUser(request, 'Ann Author');
  const bob = await createUser(request, 'Bob Blocked');
  const cat = await createUser(request, 'Cat Commenter');
  const blog = await publishedBlog(request, ann);
  await commentOn(request, bob, blog, 'Bob was here');
  await commentOn(request, cat, blog, 'Cat was here');
  // Ann follows Bob: the block ends it, and unblocking does not bring it back.
  await apiPost(request, '/api/user/follow', { username: bob.username, isFollowing: false }, ann);
  await installAxe(page);
  await signIn(page, ann);

  await page.goto(`/user/${bob.username}`);
  await expect(page.getByRole('button', { name: `Following @${bob.username}` })).toBeVisible();
  await page.getByRole('button', { name: `Block @${bob.username}` }).click();
  // Block asks first; focus starts on Cancel.
  const confirm = page.getByRole('alertdialog', { name: new RegExp(`^Block @${bob.username}\\?`) });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, 'profile, confirming a block');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, `You blocked @${bob.username}`);
  await expect(page.getByText(`You blocked @${bob.username}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Unblock @${bob.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Follow(ing)? @${bob.username}$`) })).toHaveCount(0);
  await expect(page.getByTestId('follow-counts')).toHaveText('0 Followers - 0 Following');
  await checkScreen(page, 'profile of a member one blocked');

  // Bob's comment is gone from Ann's view of her own blog; the count stays the real one.
  let panel = await openComments(page, blog);
  await expect(panel.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Comment by Cat Commenter' })).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Comment by Bob Blocked' })).toHaveCount(0);

  // Bob, in his own browser, still sees his comment, but may add none, nor follow Ann.
  const bobsContext = await browser.newContext();
  await bobsContext.addInitScript(recordToasts);
  const bobsPage = await bobsContext.newPage();
  await signIn(bobsPage, bob);
  const bobsPanel = await openComments(bobsPage, blog);
  await expect(bobsPanel.getByRole('listitem', { name: 'Comment by Bob Blocked' })).toBeVisible();
  await bobsPanel.getByRole('textbox', { name: 'Your comment' }).fill('Let me back in');
  await bobsPanel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expectToast(bobsPage, ErrorMessages.blocked_by_author);
  await expect(bobsPanel.getByRole('listitem', { name: 'Comment by Bob Blocked' })).toHaveCount(1);
  await bobsPage.goto(`/user/${ann.username}`);
  await bobsPage.getByRole('button', { name: `Follow @${ann.username}` }).click();
  await expectToast(bobsPage, ErrorMessages.blocked_by_member);
  await expect(bobsPage.getByRole('button', { name: `Follow @${ann.username}` })).toBeVisible();
  await bobsContext.close();

  // Ann finds Bob in her blocked accounts, and unblocks him there.
  await page.goto('/settings/blocked-accounts');
  const blocked = page.getByRole('list', { name: 'Blocked accounts' }).getByRole('listitem');
  await expect(blocked).toHaveCount(1);
  await expect(blocked).toContainText(`@${bob.username}`);
  await checkScreen(page, 'blocked accounts');
  await blocked.getByRole('button', { name: `Unblock @${bob.username}` }).click();
  await expectToast(page, `You unblocked @${bob.username}`);
  await expect(page.getByText('You have not blocked anyone')).toBeVisible();

  panel = await openComments(page, blog);
  await expect(panel.getByRole('listitem', { name: 'Comment by Bob Blocked' })).toContainText('Bob was here');
  // The follow the block ended stays ended.
  await page.goto(`/user/${bob.username}`);
  await expect(page.getByRole('button', { name: `Follow @${bob.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Block @${bob.username}` })).toBeVisible();
});
