import { Messages } from '@inkwell/contracts';
import { apiPost, createBlog, createUser, expect, signIn, test, uniqueId } from './support/fixtures.ts';

test('a profile shows the person, counts, bio, links, joined date and their published blogs a page at a time', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Zora Hurston');
  await apiPost(
    request,
    '/api/user/update-profile',
    {
      username: user.username,
      bio: 'Folklorist and novelist.',
      social_links: {
        instagram: 'https://instagram.com/zora',
        github: 'https://github.com/zora',
        website: 'https://zora.example.org',
      },
    },
    user,
  );
  const mark = uniqueId();
  for (let i = 0; i < 11; i++)
    await createBlog(request, user, { title: `Story ${String(i).padStart(2, '0')} ${mark}` });
  await createBlog(request, user, { title: `Unfinished ${mark}`, draft: true });
  const read = await createBlog(request, user, { title: `Story 11 ${mark}` });
  await apiPost(request, '/api/blog/get-blog', { blog_id: read });
  await page.goto(`/user/${user.username.toUpperCase()}`);

  await expect(page.getByRole('heading', { level: 1, name: `@${user.username}` })).toBeVisible();
  await expect(page).toHaveTitle(`Zora Hurston (@${user.username}) | Inkwell`);
  await expect(page.getByText('Zora Hurston', { exact: true })).toBeVisible();
  // Reads are counted every few seconds (docs/api.md, "Reads"): the read shows once counted.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('12 Blogs - 1 Read')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Folklorist and novelist.')).toBeVisible();
  const links = page.getByRole('list', { name: 'Social links' });
  await expect(links.getByRole('link')).toHaveCount(3);
  await expect(links.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/zora');
  await expect(links.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/zora');
  await expect(links.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://zora.example.org');
  await expect(links.locator('svg')).toHaveCount(3);
  await expect(page.getByText(/^Joined on \d{1,2} \w{3,4} \d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);

  await expect(page.getByRole('tab', { name: 'Blogs Published' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toHaveAccessibleName(`Story 11 ${mark}`);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Load More' })).toBeHidden();
  await expect(page.getByText(`Unfinished ${mark}`)).toHaveCount(0);

  await signIn(page, user);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/settings/edit-profile');
});

test('a new profile has the fallbacks: no bio, no links, no blogs', async ({ page, request }) => {
  const user = await createUser(request, 'Quiet Person');
  await page.goto(`/user/${user.username}`);
  await expect(page.getByText('0 Blogs - 0 Reads')).toBeVisible();
  await expect(page.getByText('Nothing to read here')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Social links' })).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByText('No blogs published')).toBeVisible();
});

test('an unknown user, or a profile that fails to load, shows the not-found page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404|Failed to load resource|Could not reach the server/);
  await page.goto('/user/nobody-goes-by-this-name');
  await expect(page.getByRole('heading', { name: Messages.pageNotFound })).toBeVisible();

  await page.route('**/api/user/get-profile', (route) => route.abort());
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes('Could not reach the server'),
  );
  await page.goto('/user/anyone');
  await logged;
  await expect(page.getByRole('heading', { name: Messages.pageNotFound })).toBeVisible();
});
