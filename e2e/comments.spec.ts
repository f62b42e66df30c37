import { Messages } from '@inkwell/contracts';
import { commentOn, openComments, publishedBlog } from './support/conversation.ts';
import { createUser, expect, expectToast, signIn, test } from './support/fixtures.ts';

test('a visitor reads the comments but must log in to comment or reply', async ({ page, request }) => {
  const author = await createUser(request, 'Blog Author');
  const reader = await createUser(request, 'Rita Reader');
  const blog = await publishedBlog(request, author);
  await commentOn(request, reader, blog, 'First!');

  const panel = await openComments(page, blog);
  await expect(panel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  const card = panel.getByRole('listitem', { name: 'Comment by Rita Reader' });
  await expect(card).toContainText('First!');
  await expect(card.getByRole('link', { name: `@${reader.username}` })).toHaveAttribute(
    'href',
    `/user/${reader.username}`,
  );
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await panel.getByRole('textbox', { name: 'Your comment' }).fill('Me too');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText(Messages.loginToComment)).toBeVisible();
  await card.getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByText(Messages.loginToReply)).toBeVisible();
  await expect(card.getByRole('form')).toHaveCount(0);

  await panel.getByRole('button', { name: 'Close comments' }).click();
  await expect(panel).toBeHidden();
});

test('a reader comments and replies in threads indented by level, pages, hides replies, and meets every failure', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The browser reports the failures this test provokes on purpose.
  consoleErrors.allow(/^Failed to load resource: (the server responded with a status of 500|net::ERR_FAILED)/);
  const author = await createUser(request, 'Blog Author');
  const other = await createUser(request, 'Otto Other');
  const reader = await createUser(request, 'Ann Reader');
  const blog = await publishedBlog(request, author);
  // Eleven top-level comments (one more than a page); the oldest has a reply.
  const oldest = await commentOn(request, other, blog, 'Older 0');
  await commentOn(request, other, blog, 'An earlier answer', oldest._id);
  for (let i = 1; i <= 10; i++) await commentOn(request, other, blog, `Older ${i}`);

  await signIn(page, reader);
  const panel = await openComments(page, blog);
  const heading = panel.getByRole('heading', { name: /^Comments/ });
  await expect(heading).toHaveText('Comments (12)');
  const topLevel = panel.locator('li[data-level="0"]');
  await expect(topLevel).toHaveCount(10);
  await expect(topLevel.first()).toContainText('Older 10');
  await panel.getByRole('button', { name: 'Load More' }).click();
  await expect(topLevel).toHaveCount(11);
  await expect(panel.getByRole('button', { name: 'Load More' })).toBeHidden();
  // Someone else's comments on someone else's blog: no Delete.
  await expect(panel.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Replies load on demand (the first try fails) and hide again.
  const oldestCard = panel.getByRole('listitem', { name: 'Comment by Otto Other' }).filter({ hasText: 'Older 0' });
  await page.route('**/api/comment/get-replies', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await oldestCard.getByRole('button', { name: 'Show 1 reply' }).click();
  await expect(page.getByText(Messages.repliesFailed)).toBeVisible();
  await page.unroute('**/api/comment/get-replies');
  await oldestCard.getByRole('button', { name: 'Show 1 reply' }).click();
  await expect(oldestCard.locator('li[data-level="1"]')).toContainText('An earlier answer');
  await oldestCard.getByRole('button', { name: 'Hide replies' }).first().click();
  await expect(oldestCard.getByText('An earlier answer')).toBeHidden();

  // An empty comment is refused; a real one shows at once, on top, and counts on the page too.
  const box = panel.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox').fill('   ');
  await box.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByRole('status').filter({ hasText: Messages.commentEmpty })).toBeVisible();
  await box.getByRole('textbox').fill('A lovely walk.');
  await box.getByRole('button', { name: 'Comment' }).click();
  await expect(topLevel.first()).toContainText('A lovely walk.');
  await expect(box.getByRole('textbox')).toHaveValue('');
  await expect(heading).toHaveText('Comments (13)');
  await expect(page.getByTestId('total-comments')).toHaveText('13 comments');

  // Replies nest, each level further in.
  const mine = panel.getByRole('listitem', { name: 'Comment by Ann Reader' }).first();
  await mine.getByRole('button', { name: 'Reply' }).first().click();
  await mine.getByRole('form', { name: 'Reply to Ann Reader' }).getByRole('textbox').fill('Level one');
  await mine.getByRole('form', { name: 'Reply to Ann Reader' }).getByRole('button', { name: 'Reply' }).click();
  const levelOne = panel.locator('li[data-level="1"]').filter({ hasText: 'Level one' });
  await expect(levelOne).toBeVisible();
  await levelOne.getByRole('button', { name: 'Reply' }).first().click();
  await levelOne.getByRole('form').getByRole('textbox').fill('Level two');
  await levelOne.getByRole('form').getByRole('button', { name: 'Reply' }).click();
  const levelTwo = panel.locator('li[data-level="2"]').filter({ hasText: 'Level two' });
  await expect(levelTwo).toBeVisible();
  await expect(heading).toHaveText('Comments (15)');
  const left = async (item: typeof levelOne) => (await item.boundingBox())!.x;
  expect(await left(levelOne)).toBeGreaterThan(await left(topLevel.first()));
  expect(await left(levelTwo)).toBeGreaterThan(await left(levelOne));

  // Failures keep what is there and say so.
  await page.route('**/api/comment/add-comment', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await box.getByRole('textbox').fill('Will not arrive');
  await box.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByText(Messages.somethingWrong)).toBeVisible();
  await expect(box.getByRole('textbox')).toHaveValue('Will not arrive');
  await page.route('**/api/comment/delete-comment', (route) => route.abort());
  await levelOne.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByText(Messages.deleteCommentFailed)).toBeVisible();
  await expect(levelOne).toBeVisible();
  await page.unrouteAll();

  // The commenter deletes a reply: its own replies go with it, and the counts drop by both.
  await levelOne.getByRole('button', { name: 'Delete' }).first().click();
  await expectToast(page, Messages.commentDeleted);
  await expect(levelOne).toBeHidden();
  await expect(levelTwo).toBeHidden();
  await expect(heading).toHaveText('Comments (13)');
  await expect(page.getByTestId('total-comments')).toHaveText('13 comments');
  await expect(mine.getByRole('button', { name: /^Show|^Hide/ })).toHaveCount(0);

  // The server agrees.
  await page.reload();
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(heading).toHaveText('Comments (13)');
  await expect(topLevel.first()).toContainText('A lovely walk.');
});

test('the blog author deletes any comment on their blog, with its replies', async ({ page, request }) => {
  const author = await createUser(request, 'Blog Author');
  const reader = await createUser(request, 'Rita Reader');
  const blog = await publishedBlog(request, author);
  const comment = await commentOn(request, reader, blog, 'Not very kind');
  await commentOn(request, reader, blog, 'And more of it', comment._id);
  await commentOn(request, reader, blog, 'A fair point');

  await signIn(page, author);
  const panel = await openComments(page, blog);
  await expect(panel.getByRole('heading', { name: 'Comments (3)' })).toBeVisible();
  const card = panel.getByRole('listitem', { name: 'Comment by Rita Reader' }).filter({ hasText: 'Not very kind' });
  await card.getByRole('button', { name: 'Delete' }).first().click();
  await expectToast(page, Messages.commentDeleted);
  await expect(card).toBeHidden();
  await expect(panel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
});
