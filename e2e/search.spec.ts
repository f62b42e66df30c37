import { createBlog, createUser, expect, test, uniqueId } from './support/fixtures.ts';

test('searching from the top bar shows ranked blogs with Load More, forgives a typo, and lists matching accounts beside them', async ({
  page,
  request,
}) => {
  const word = `marmalade${uniqueId()}`;
  const person = await createUser(request, `Paddington ${word}`);
  const titled: string[] = [];
  for (let i = 0; i < 11; i++) titled.push(await createBlog(request, person, { title: `On ${word} number ${i}` }));
  const described = await createBlog(request, person, { title: 'Breakfast notes', des: `Why ${word} matters.` });
  await createBlog(request, person, { title: `Draft on ${word}`, draft: true });
  await page.goto('/');

  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(`/search/${word}`);
  await expect(page.getByRole('tab', { name: `Search Results from "${word}"` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Side by side on a wide screen: accounts have no tab of their own.
  await expect(page.getByRole('tab', { name: 'Accounts Matched' })).toHaveCount(0);

  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Load More' })).toBeHidden();
  // A title match ranks above a match in the description only.
  await expect(cards.last().getByRole('link', { name: 'Breakfast notes' })).toHaveAttribute(
    'href',
    `/blog/${described}`,
  );
  await expect(page.getByText(`Draft on ${word}`)).toHaveCount(0);

  const accounts = page.getByRole('complementary', { name: 'Accounts Matched' });
  await expect(accounts.getByRole('link')).toHaveCount(1);
  await expect(accounts.getByRole('link', { name: `Paddington ${word} @${person.username}` })).toHaveAttribute(
    'href',
    `/user/${person.username}`,
  );

  // One letter missing from the word still finds the blogs.
  const typo = word.replace('marmalade', 'marmlade');
  await page.goto(`/search/${typo}`);
  await expect(page.getByRole('tab', { name: `Search Results from "${typo}"` })).toBeVisible();
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole('link', { name: new RegExp(`^On ${word} number`) })).toBeVisible();
});

test('nothing found: both empty messages; hostile text is shown as typed and breaks nothing', async ({ page }) => {
  for (const query of [`nothing-like-this-${uniqueId()}`, '%', '.*', '(+)+$']) {
    await page.goto(`/search/${encodeURIComponent(query)}`);
    await expect(page.getByRole('tab', { name: `Search Results from "${query}"` })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('No blogs published')).toBeVisible();
    await expect(
      page.getByRole('complementary', { name: 'Accounts Matched' }).getByText('No users found'),
    ).toBeVisible();
  }
  // Markup in the query is text: its words may match, but nothing of it becomes page markup.
  const markup = '"><img src=x onerror=alert(1)>';
  await page.goto(`/search/${encodeURIComponent(markup)}`);
  await expect(page.getByRole('tab', { name: `Search Results from "${markup}"` })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('a failed search is only logged, with no message to the reader', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource|Could not reach the server/);
  await page.route(/\/api\/(blog\/search-blogs|user\/search-users)/, (route) => route.abort());
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes('Could not reach the server'),
  );
  // A search page comes with its results from the server: the browser searches itself when one searches from the top bar.
  await page.goto('/no-such-page');
  await page.getByRole('searchbox', { name: 'Search' }).fill('anything');
  await page.keyboard.press('Enter');
  await logged;
  await expect(page.getByRole('tab', { name: 'Search Results from "anything"' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /\w/ })).toHaveCount(0);
  await expect(page.getByText('No users found')).toHaveCount(0);
});
