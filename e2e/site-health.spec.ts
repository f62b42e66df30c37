import { eq } from 'drizzle-orm';
import { jobs } from '../apps/server/src/db/schema/index.ts';
import { enqueueJob } from '../apps/server/src/modules/jobs/index.ts';
import { checkScreen, installAxe } from './support/axe.ts';
import { signInOn, signUpOwner, startEmptySite } from './support/empty-site.ts';
import { expect, expectToast, test } from './support/fixtures.ts';

/*
 * On a site of its own: the failed jobs are the site's, and the shared stack's other tests must
 * not see them. A job fails for good only after ten attempts over hours, so the test puts two in
 * the state the worker leaves them in, in a queue no handler takes (a retried one then waits).
 */

test('an admin sees the site’s health on the overview, retries a failed job and discards another', async ({
  page,
  request,
}) => {
  // A site of its own (a server process and its database) and two screens audited at every width: a
  // minute was not enough on a busy CI machine, as for the other tests that start a site.
  test.setTimeout(180_000);
  const site = await startEmptySite();
  try {
    const session = await signUpOwner(request, site.url);
    const failed = async (queue: string, lastError: string) => {
      await enqueueJob(site.db, { queue, payload: {} });
      const [job] = await site.db.select().from(jobs).where(eq(jobs.queue, queue));
      await site.db.update(jobs).set({ failedAt: new Date(), attempts: 10, lastError }).where(eq(jobs.id, job!.id));
      return job!.id;
    };
    const mail = await failed('e2e-newsletter-mail', 'Error: connect ECONNREFUSED 10.0.0.5:25');
    const delivery = await failed('e2e-federation-delivery', 'Error: 410 Gone from https://gone.example/inbox');

    await signInOn(page, site.url, session);
    await installAxe(page);
    await page.goto(`${site.url}/admin/members`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Site health', level: 2 })).toBeVisible();
    const fact = (term: string) =>
      page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
    await expect(fact('Database')).toContainText('PGlite (embedded)');
    await expect(fact('Mail')).toContainText('SMTP_URL is not set');
    await expect(fact('Images')).toContainText('free on the disk');
    const queues = page.getByRole('table', { name: 'Job queues' });
    const queueRow = (queue: string) => queues.getByRole('row', { name: new RegExp(`^${queue} `) });
    await expect(queueRow('e2e-newsletter-mail')).toHaveText(/e2e-newsletter-mail\s*0\s*0\s*1/);
    await expect(page.getByText('2 failed')).toBeVisible();
    const row = (queue: string) => page.getByRole('listitem').filter({ hasText: queue });
    await expect(row('e2e-newsletter-mail')).toContainText('ECONNREFUSED 10.0.0.5:25');
    await expect(row('e2e-newsletter-mail')).toContainText('after 10 attempts');
    await checkScreen(page, 'the site’s health and its failed jobs');

    await row('e2e-newsletter-mail').getByRole('button', { name: 'Retry' }).click();
    await expectToast(page, 'Sent to run again');
    await expect(row('e2e-newsletter-mail')).toHaveCount(0);
    const [retried] = await site.db.select().from(jobs).where(eq(jobs.id, mail));
    expect(retried).toMatchObject({ failedAt: null, attempts: 0 });
    // No handler takes this queue: the retried job waits.
    await expect(queueRow('e2e-newsletter-mail')).toHaveText(/e2e-newsletter-mail\s*1\s*0\s*0/);

    await row('e2e-federation-delivery').getByRole('button', { name: 'Discard' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('It will never run.');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expectToast(page, 'Job discarded');
    await expect(page.getByText('No job has failed.')).toBeVisible();
    expect(await site.db.select().from(jobs).where(eq(jobs.id, delivery))).toEqual([]);
    await checkScreen(page, 'the site’s health, no failed job left');
  } finally {
    await site.close();
  }
});
