import { createBlog, createUser, expect, expectToast, signIn, test, uniqueId } from './support/fixtures.ts';

test('Manage Blogs lists published blogs and drafts with their details, and deletes each after a confirmation', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const published = `Published ${uniqueId()}`;
  const draft = `Draft ${uniqueId()}`;
  const publishedId = await createBlog(request, author, { title: published });
  const draftId = await createBlog(request, author, { title: draft, draft: true });
  await signIn(page, author);
  await page.goto('/dashboard/blogs');

  await expect(page.getByRole('heading', { name: 'Manage Blogs' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Published Blogs' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('listitem', { name: published });
  await expect(card.getByRole('link', { name: published })).toHaveAttribute('href', `/blog/${publishedId}`);
  await expect(card.getByText(/^Published on \d{1,2} \w{3,4} \d{4}$/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/editor/${publishedId}`);
  for (const stat of ['Likes', 'Comments', 'Reads']) await expect(card.getByText(stat, { exact: true })).toBeVisible();
  await expect(page.getByText(draft)).toHaveCount(0);

  // Cancel keeps the blog; Confirm deletes it.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = card.getByRole('alertdialog');
  await expect(confirm).toContainText(published);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Blog deleted');
  await expect(card).toBeHidden();
  await expect(page.getByText('No published blogs')).toBeVisible();

  await page.getByRole('tab', { name: 'Drafts' }).click();
  const draftCard = page.getByRole('listitem', { name: draft });
  await expect(draftCard.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/editor/${draftId}`);
  await expect(draftCard.getByText(/^Last edited \d{1,2} \w{3,4} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  // When it was saved, a moment ago.
  const edited = Date.parse((await draftCard.locator('time').getAttribute('datetime'))!);
  expect(Math.abs(Date.now() - edited)).toBeLessThan(5 * 60_000);
  await draftCard.getByRole('button', { name: 'Delete' }).click();
  await draftCard.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(draftCard).toBeHidden();
  await expect(page.getByText('No drafts')).toBeVisible();

  // Gone on the server too.
  await page.reload();
  await expect(page.getByText('No published blogs')).toBeVisible();
  expect((await request.post('/api/blog/get-blog', { data: { blog_id: publishedId } })).status()).toBe(404);
});

test('Manage Blogs searches your titles and loads more a page at a time', async ({ page, request }) => {
  const author = await createUser(request);
  const tag = uniqueId();
  // One more than a page (the server's page size is 10).
  for (let i = 0; i < 11; i++)
    await createBlog(request, author, { title: `Entry ${String(i).padStart(2, '0')} ${tag}` });
  const special = `Sourdough diaries ${tag}`;
  await createBlog(request, author, { title: special });
  await signIn(page, author);
  await page.goto('/dashboard/blogs');

  const items = page.getByRole('tabpanel').getByRole('listitem');
  await expect(items).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(items).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Load More' })).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Search your blogs' });
  await search.fill('SOURDOUGH');
  await search.press('Enter');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAccessibleName(special);

  await search.fill('nothing like this at all');
  await search.press('Enter');
  await expect(page.getByText('No blogs match “nothing like this at all”')).toBeVisible();

  // Clearing the box brings the whole list back.
  await search.fill('');
  await expect(items).toHaveCount(12);
  await expect(page.getByRole('link', { name: special })).toBeVisible();
});
