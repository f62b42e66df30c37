import path from 'node:path';
import { checkScreen, installAxe } from './support/axe.ts';
import { createUser, expect, expectToast, ownerUser, signIn, test } from './support/fixtures.ts';

const wordpressExport = path.join(import.meta.dirname, 'fixtures', 'wordpress-small.xml');

test.beforeEach(({ page }) => installAxe(page));

test('a member imports a WordPress export: the progress bar runs to the end, the report says what changed, the blogs are theirs', async ({
  page,
  request,
}) => {
  const writer = await createUser(request, 'Nell Harbour');
  await signIn(page, writer);
  await page.goto('/settings/edit-profile');
  await page
    .getByRole('navigation', { name: 'Dashboard and settings' })
    .getByRole('link', { name: 'Import posts' })
    .click();
  await expect(page).toHaveURL('/settings/import');
  // A member imports their own posts only.
  await expect(page.getByLabel('Import for the whole site')).toHaveCount(0);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Choose the export file to import');
  await checkScreen(page, 'import form');

  await page.getByLabel('Export file').setInputFiles(wordpressExport);
  await page.getByLabel('Your old site’s address (optional)').fill('https://harbour.example');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Importing 3 posts');
  await expect(page).toHaveURL(/\/settings\/import\?import=[0-9a-f-]{36}$/);

  const bar = page.getByRole('progressbar', { name: /Import/ });
  await expect(
    page.getByRole('status').filter({ hasText: 'Done: 3 blogs imported, 0 already here, 0 left out.' }),
  ).toBeVisible();
  await expect(bar).toHaveAttribute('value', '3');
  await expect(bar).toHaveAttribute('max', '3');
  await expect(page.getByText('3 of 3 posts done, 0 images fetched')).toBeVisible();
  const report = page.getByRole('list').filter({ hasText: 'Night train' });
  await expect(report).toContainText(
    'Night train: The image http://127.0.0.1:9/couchette.jpg was left out: This address cannot be fetched',
  );
  await expect(report).toContainText(
    'Night train: It had no tags, which a published blog needs: it is tagged “imported”',
  );

  // The import is in the address: a reload follows it still.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible();
  await checkScreen(page, 'import done');

  await page.getByRole('link', { name: 'See your blogs' }).click();
  await expect(page).toHaveURL(`/user/${writer.username}`);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName('Morning at the harbour');
  await expect(cards.nth(1)).toHaveAccessibleName('Night train');

  // Its old address leads to its new page.
  await page.goto('/2018/07/morning-at-the-harbour/');
  await expect(page).toHaveURL(/\/blog\/morning-at-the-harbour-\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Morning at the harbour' })).toBeVisible();
});

test('an admin imports for the whole site: each author is shown becoming a member or a new account', async ({
  page,
  request,
}) => {
  await signIn(page, await ownerUser(request));
  await page.goto('/settings/import');
  await page.getByLabel('Export file').setInputFiles(wordpressExport);
  await page.getByLabel('Import for the whole site').check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Importing 3 posts');
  // A new account, or (a retry of this test) the member the first run made.
  await expect(page.getByRole('listitem').filter({ hasText: 'Nell Harbour (nell@harbour.org)' })).toHaveText(
    /^Nell Harbour \(nell@harbour\.org\): (a new account, mailed a link to choose a password|@nell\w*), 3 posts$/,
  );
  await expect(page.getByRole('status').filter({ hasText: /^Done: 3 blogs imported/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the blogs' })).toHaveAttribute('href', '/');
  await checkScreen(page, 'site import done');
});
