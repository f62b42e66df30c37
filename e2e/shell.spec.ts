import { publishedBlog } from './support/conversation.ts';
import { apiPost, createUser, expect, signIn, test } from './support/fixtures.ts';

const publicRoutes = ['/', '/search/anything', '/signin', '/signup'];
const guarded = [
  '/editor',
  '/editor/some-blog',
  '/dashboard/blogs',
  '/dashboard/notification',
  '/dashboard/reading-list',
  '/dashboard/stats',
  '/settings/edit-profile',
  '/settings/change-password',
];

test('signed-out visitors reach the public routes and are sent to /signin from guarded ones', async ({ page }) => {
  for (const route of publicRoutes) {
    await page.goto(route);
    await expect(page.getByRole('link', { name: 'Inkwell home' })).toBeVisible();
    await expect(page).toHaveURL(route);
  }
  for (const route of guarded) {
    await page.goto(route);
    await expect(page).toHaveURL('/signin');
  }
});

test('signed-in users reach every guarded route and are sent home from /signin and /signup', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, user);
  for (const route of ['/signin', '/signup']) {
    await page.goto(route);
    await expect(page).toHaveURL('/');
  }
  for (const route of guarded.filter((r) => !r.startsWith('/editor'))) {
    await page.goto(route);
    await expect(page).toHaveURL(route);
    await expect(page.getByRole('navigation', { name: 'Dashboard and settings' })).toBeVisible();
  }
});

test('every page of the app answers 200, signed in or not: the server asks the app’s own router', async ({
  request,
}) => {
  const pages = [
    ...publicRoutes,
    ...guarded,
    '/forgot-password',
    '/reset-password/some-token',
    '/verify-email/some-token',
    '/subscribe/confirm/some-token',
    '/unsubscribe/some-token',
    '/admin',
    '/admin/members',
    '/admin/settings',
    '/dashboard/blogs/',
  ];
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8');
  }
});

test('an unknown path answers 404 and shows Page not found with a link home', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/);
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'home page' }).click();
  await expect(page).toHaveURL('/');
});

test('the search box goes to /search/{query} on Enter with text only', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.press('Enter');
  await expect(page).toHaveURL('/');
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL('/');
  await search.fill('slow travel');
  await search.press('Enter');
  await expect(page).toHaveURL('/search/slow%20travel');
});

test('the signed-out bar offers Sign In and Sign Up; signed-in the bell and a menu with five entries', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write', exact: true })).toHaveAttribute('href', '/editor');

  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/dashboard/notification');
  await expect(page.getByTestId('notification-dot')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', `/user/${user.username}`);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/blogs');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings/edit-profile');
  await expect(menu.getByRole('menuitem', { name: `Sign Out @${user.username}` })).toBeVisible();
  // Write is in the menu for small screens only.
  await expect(menu.getByRole('menuitem', { name: 'Write' })).toBeHidden();

  // Losing focus closes the menu (after its 200 ms delay).
  await page.getByRole('searchbox', { name: 'Search' }).click();
  await expect(menu).toBeHidden();
});

test('the red dot shows in the bar and the sidebar when a notification is new', async ({ page, request }) => {
  const author = await createUser(request);
  const reader = await createUser(request, 'Keen Reader');
  const blog = await publishedBlog(request, author);
  await apiPost(request, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader);
  await signIn(page, author);
  await page.goto('/dashboard/blogs');
  await expect(page.getByTestId('notification-dot')).toBeVisible();
  await expect(page.getByTestId('sidebar-notification-dot')).toBeVisible();
});
