import { expect, test } from './support/fixtures.ts';
import { readBuild, theApp } from './support/reading-scripts.ts';
import { expectAllFetched, recordFetched } from './support/requests.ts';

// What a reading page fetches once idle goes into the browser's cache, which Playwright's trace turns off.
test.use({ trace: 'off' });

test('a link from a reading page to a screen of the app loads the app there, from the cache', async ({ page }) => {
  const fetched = recordFetched(page, 'other');
  await page.goto('/');
  const app = theApp(readBuild(), 'home');
  await expectAllFetched(fetched, app);

  // What the browser downloads again, rather than takes from its caches.
  const fromNetwork: string[] = [];
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  devtools.on('Network.responseReceived', ({ type, response }) => {
    const file = new URL(response.url).pathname.slice(1);
    if (type === 'Script' && app.includes(file) && !response.fromDiskCache && !response.fromPrefetchCache)
      fromNetwork.push(file);
  });
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(fromNetwork).toEqual([]);
});
