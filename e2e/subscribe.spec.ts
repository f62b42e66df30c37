import { SubscriptionMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { createBlog, createUser, expect, test, uniqueId } from './support/fixtures.ts';
import { mailsTo } from './support/mail.ts';

const linkIn = (text: string, path: string) =>
  new RegExp(`http://127\\.0\\.0\\.1:\\d+/${path}/[A-Za-z0-9_-]{43}`).exec(text)?.[0];

test('a visitor subscribes on a profile, confirms from the mail, gets the next blog and unsubscribes from it', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Mary Shelley');
  const email = `visitor.${uniqueId()}@example.net`;
  await installAxe(page);
  await page.goto(`/user/${author.username}`);
  const field = page.getByLabel('Get new blogs by e-mail');
  await field.fill(email);
  await checkScreen(page, 'profile with the subscribe form');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: SubscriptionMessages.checkInbox })).toBeVisible();

  await expect.poll(async () => (await mailsTo(request, email)).length).toBe(1);
  const confirmLink = linkIn((await mailsTo(request, email))[0]!.text, 'subscribe/confirm');
  expect(confirmLink).toBeDefined();
  await page.goto(confirmLink!);
  const confirm = page.getByRole('button', { name: 'Confirm subscription' });
  await expect(confirm).toBeVisible();
  await checkScreen(page, 'subscription confirm page');
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: SubscriptionMessages.confirmed })).toBeVisible();

  const title = `Frankenstein ${uniqueId()}`;
  await createBlog(request, author, { title });
  await expect.poll(async () => (await mailsTo(request, email)).length, { timeout: 20_000 }).toBe(2);
  const mail = (await mailsTo(request, email))[1]!;
  expect(mail.subject).toBe(title);
  const unsubscribeLink = linkIn(mail.text, 'unsubscribe');
  expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeLink}>`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  await page.goto(unsubscribeLink!);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: SubscriptionMessages.unsubscribed })).toBeVisible();
  const count = await request.post('/api/user/subscriber-count', {
    headers: { authorization: `Bearer ${author.token}` },
  });
  expect(await count.json()).toEqual({ subscribers: 0 });
});
