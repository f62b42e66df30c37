import { Limits, Messages } from '@inkwell/contracts';
import { apiPost, createBlog, createUser, expect, test, uniqueId } from './support/fixtures.ts';
import { expectNoSideways, recordScripts } from './support/reading-data.ts';

// The narrowest phone the product supports.
test.use({ viewport: { width: 360, height: 740 } });

// Only this spec files blogs under this topic.
const TOPIC = 'finance';

test('home on a phone: topics scroll in a row, trending sits behind its own tab', async ({ page, request }) => {
  const author = await createUser(request);
  const mark = uniqueId();
  const older = await createBlog(request, author, { title: `Budgeting ${mark}`, tags: [TOPIC] });
  const newer = await createBlog(request, author, {
    title: `Saving with a very long unbreakable title ${'x'.repeat(60)} ${mark}`,
    tags: [TOPIC],
  });
  // Newest, so its card is on the first page: a tag of one word as long as tags may be.
  await createBlog(request, author, { title: `Long tag ${mark}`, tags: ['a'.repeat(Limits.tagMax)] });
  const scripts = recordScripts(page);
  await page.goto('/');

  await expect(page.getByRole('tab', { name: 'home' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await expectNoSideways(page);

  const topics = page.getByRole('group', { name: 'Topics' });
  await topics.getByRole('button', { name: TOPIC }).click();
  await expect(page.getByRole('tab', { name: TOPIC })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole('link', { name: new RegExp(`^Saving with`) })).toHaveAttribute(
    'href',
    `/blog/${newer}`,
  );
  await expect(cards.nth(1).getByRole('link', { name: `Budgeting ${mark}` })).toHaveAttribute('href', `/blog/${older}`);
  await expectNoSideways(page);

  await page.getByRole('tab', { name: 'trending blogs' }).click();
  const trending = page.getByRole('list', { name: 'Trending blogs' }).getByRole('article');
  await expect(trending.first()).toContainText('01');
  await expect(page.getByRole('tab', { name: 'trending blogs' })).toHaveAttribute('aria-selected', 'true');
  // The panel is named by its tab: the ids the server rendered the island with are the browser's.
  await expect(page.getByRole('tabpanel', { name: 'trending blogs' })).toBeVisible();
  // A topic change goes back to the list's tab.
  await topics.getByRole('button', { name: TOPIC }).click();
  await expect(page.getByRole('tab', { name: 'home' })).toHaveAttribute('aria-selected', 'true');

  await scripts.expectNoEditorCode();
});

test('a blog on a phone: readable without sideways scrolling, likes ask to log in, no editor code', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Phone Writer');
  const blogId = await createBlog(request, author, {
    title: `Reading on the go ${uniqueId()}`,
    content: [
      {
        blocks: [
          {
            id: 'p',
            type: 'paragraph',
            data: {
              text: `A long link <a href="https://example.com/${'a'.repeat(80)}">https://example.com/${'a'.repeat(80)}</a> in text.`,
            },
          },
          { id: 'l', type: 'list', data: { style: 'ordered', items: ['One', 'Two'] } },
        ],
      },
    ],
  });
  const scripts = recordScripts(page);
  await page.goto(`/blog/${blogId}`);
  await expect(page.getByRole('heading', { level: 1, name: /Reading on the go/ })).toBeVisible();
  await expect(page.getByText('Phone Writer')).toBeVisible();
  await expect(page.locator('ol > li')).toHaveText(['One', 'Two']);
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText(Messages.loginToLike)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Share on LinkedIn' })).toBeVisible();
  await expectNoSideways(page);
  await scripts.expectNoEditorCode();
});

test('search on a phone: accounts behind their own tab', async ({ page, request }) => {
  const word = `pocket${uniqueId()}`;
  const person = await createUser(request, `Mobile ${word}`);
  await createBlog(request, person, { title: `Notes on ${word}` });
  await page.goto(`/search/${word}`);

  await expect(page.getByRole('tab', { name: `Search Results from "${word}"` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Accounts Matched' }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`@${person.username}`) }),
  ).toHaveAttribute('href', `/user/${person.username}`);
  await expectNoSideways(page);
});

test('a profile on a phone: blogs first, About behind its tab', async ({ page, request }) => {
  const user = await createUser(request, 'Pocket Profile');
  await apiPost(
    request,
    '/api/user/update-profile',
    { username: user.username, bio: 'Writes on trains.', social_links: { twitter: 'https://x.com/pocket' } },
    user,
  );
  await createBlog(request, user, { title: `Commute ${uniqueId()}` });
  await page.goto(`/user/${user.username}`);

  await expect(page.getByRole('heading', { level: 1, name: `@${user.username}` })).toBeVisible();
  await expect(page.getByText('1 Blog - 0 Reads')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
  await expect(page.getByText('Writes on trains.')).toHaveCount(0);
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByText('Writes on trains.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', 'https://x.com/pocket');
  await expect(page.getByText(/^Joined on /)).toBeVisible();
  await expectNoSideways(page);
});
