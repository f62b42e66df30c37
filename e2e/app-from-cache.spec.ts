import { createBlog, createUser, expect, signIn, test } from './support/fixtures.ts';
import { readBuild, theApp } from './support/reading-scripts.ts';

// What a reading page fetches once idle goes into the browser's cache, which Playwright's trace turns off.
test.use({ trace: 'off' });

test('a link from a reading page to a screen of the app loads the app there, from the cache', async ({
  page,
  request,
}) => {
  const author = await createUser(request);
  const blogId = await createBlog(request, author);
  await signIn(page, author);
  await page.goto(`/blog/${blogId}`);
  const app = theApp(readBuild(), 'blog');
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname.slice(1)));
  await expect.poll(() => app.filter((file) => !fetched.includes(file))).toEqual([]);

  // What the browser downloads again, rather than takes from its caches.
  const fromNetwork: string[] = [];
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  devtools.on('Network.responseReceived', ({ type, response }) => {
    const file = new URL(response.url).pathname.slice(1);
    if (type === 'Script' && app.includes(file) && !response.fromDiskCache && !response.fromPrefetchCache)
      fromNetwork.push(file);
  });
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(`/editor/${blogId}`);
  await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
  expect(fromNetwork).toEqual([]);
});
