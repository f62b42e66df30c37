import { FollowMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { publishedBlog } from './support/conversation.ts';
import { apiPost, createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';

test('a reader follows an author, reads their new blog in the following tab and its notification, and unfollows from the blog', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Nora Novelist');
  const reader = await createUser(request, 'Rey Reader');
  const followButton = page.getByRole('button', { name: `Follow @${author.username}` });
  const followingButton = page.getByRole('button', { name: `Following @${author.username}` });
  const counts = page.getByTestId('follow-counts');
  await installAxe(page);

  // A visitor is told to log in, as for a like, and has no following tab.
  await page.goto(`/user/${author.username}`);
  await followButton.click();
  await expectToast(page, FollowMessages.loginToFollow);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'home' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'following' })).toHaveCount(0);

  await signIn(page, reader);
  await page.goto(`/user/${author.username}`);
  await expect(counts).toHaveText('0 Followers - 0 Following');
  await followButton.click();
  await expect(followingButton).toBeVisible();
  await expect(counts).toHaveText('1 Follower - 0 Following');
  await checkScreen(page, 'profile with the Following button');
  // The server has it: a reload shows the same.
  await page.reload();
  await expect(followingButton).toBeVisible();
  await expect(counts).toHaveText('1 Follower - 0 Following');

  // The author publishes; the reader's bell lights up without a reload.
  const title = `Letters from the coast ${uniqueId()}`;
  const blog = await publishedBlog(request, author, { title });
  await expect(page.getByTestId('notification-dot')).toBeVisible();

  await page.goto('/');
  await page.getByRole('tab', { name: 'following' }).click();
  await expect(page.getByRole('tabpanel', { name: 'following' }).getByRole('article', { name: title })).toBeVisible();
  await checkScreen(page, 'home, following tab');

  await page.goto('/dashboard/notification');
  await page.getByRole('group', { name: 'Filter notifications' }).getByRole('button', { name: 'new blog' }).click();
  const entry = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Nora Novelist @${author.username} published “${title}”`);
  await expect(entry.getByRole('link', { name: `“${title}”` })).toHaveAttribute('href', `/blog/${blog.blog_id}`);

  // Unfollowing from the blog page, beside the author.
  await page.goto(`/blog/${blog.blog_id}`);
  await followingButton.click();
  await expect(followButton).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiPost<{ result: boolean }>(request, '/api/user/is-following', { username: author.username }, reader))
          .result,
    )
    .toBe(false);
  await page.goto('/');
  await page.getByRole('tab', { name: 'following' }).click();
  await expect(page.getByText(FollowMessages.nothingFollowed)).toBeVisible();
});
