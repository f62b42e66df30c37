import { ErrorMessages, VerificationMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { signInOn, signUpOwner, startEmptySite } from './support/empty-site.ts';
import { expect, expectToast, recordToasts, test, uniqueId } from './support/fixtures.ts';
import { mailsTo, SMTP_PORT } from './support/mail.ts';

/*
 * E-mail verification, on a site of its own that mails through the stack's inbox: the shared site
 * must let the other specs' new members publish at once.
 */

/** Where the mailed links point: only their token matters here, opened on the site's own address. */
const PUBLIC_URL = 'http://verify.example';

test('a member confirms their address from the mail: until then the comment box says why and mails the link again', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // Pictures are answered on PUBLIC_URL, a name nothing here resolves (the page's policy lets them try).
  consoleErrors.allow(/Failed to load resource: net::ERR_NAME_NOT_RESOLVED/);
  const site = await startEmptySite({ SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, PUBLIC_URL });
  const member = await browser.newContext();
  try {
    const session = await signUpOwner(request, site.url);
    const auth = { authorization: `Bearer ${session.access_token}` };
    // A blog to comment on, published before the setting (the owner's own address is not confirmed either).
    const published = await request.post(`${site.url}/api/blog/create-blog`, {
      headers: auth,
      data: {
        title: 'Lichens of the fells',
        banner: '/uploads/banner.webp',
        des: 'What grows on the walls.',
        content: [{ time: 1, blocks: [{ id: 'p', type: 'paragraph', data: { text: 'Grey and gold.' } }] }],
        tags: ['nature'],
        draft: false,
      },
    });
    expect(published.status(), await published.text()).toBe(200);
    const { id: blogId } = (await published.json()) as { id: string };

    await signInOn(page, site.url, session);
    await installAxe(page);
    await page.goto(`${site.url}/admin/settings`);
    const box = page.getByRole('checkbox', { name: 'Require new members to confirm their e-mail address' });
    await expect(box).toBeEnabled();
    await box.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Settings saved');
    await checkScreen(page, 'the site settings, e-mail verification on');

    // A newcomer signs up in a browser of their own, and is mailed a link.
    await member.addInitScript(recordToasts);
    const newcomer = await member.newPage();
    await installAxe(newcomer);
    const email = `nina.${uniqueId()}@example.com`;
    await newcomer.goto(`${site.url}/signup`);
    await newcomer.getByLabel('Full Name').fill('Nina Newcomer');
    await newcomer.getByLabel('Email').fill(email);
    await newcomer.getByLabel('Password', { exact: true }).fill('Secret123');
    await newcomer.getByRole('button', { name: 'Sign Up' }).click();
    await expect(newcomer).toHaveURL(`${site.url}/`);
    await expect.poll(async () => (await mailsTo(request, email)).length).toBe(1);
    const [mail] = await mailsTo(request, email);
    const token = new RegExp(`${PUBLIC_URL}/verify-email/([\\w-]{43})`).exec(mail!.text)![1]!;

    await newcomer.goto(`${site.url}/blog/${blogId}`);
    await newcomer.getByRole('button', { name: 'Comments', exact: true }).click();
    const notice = newcomer.getByRole('note');
    await expect(notice).toContainText(ErrorMessages.email_unverified);
    await checkScreen(newcomer, 'the comments of a member whose address waits for confirmation');
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await expectToast(newcomer, VerificationMessages.linkMailed);
    await expect.poll(async () => (await mailsTo(request, email)).length).toBe(2);
    const box2 = newcomer.getByRole('form', { name: 'Add a comment' });
    await box2.getByRole('textbox', { name: 'Your comment' }).fill('Lovely lichens.');
    await box2.getByRole('button', { name: 'Comment' }).click();
    await expectToast(newcomer, ErrorMessages.email_unverified);

    // The first link still works: following it confirms the address, and the page says so.
    await newcomer.goto(`${site.url}/verify-email/${token}`);
    await expect(newcomer.getByRole('status').filter({ hasText: VerificationMessages.confirmed })).toBeVisible();
    await checkScreen(newcomer, 'an e-mail address confirmed');

    await newcomer.goto(`${site.url}/blog/${blogId}`);
    await newcomer.getByRole('button', { name: 'Comments', exact: true }).click();
    const box3 = newcomer.getByRole('form', { name: 'Add a comment' });
    await box3.getByRole('textbox', { name: 'Your comment' }).fill('Lovely lichens.');
    await box3.getByRole('button', { name: 'Comment' }).click();
    await expect(newcomer.getByText('Lovely lichens.')).toBeVisible();
    await expect(newcomer.getByRole('note')).toHaveCount(0);
  } finally {
    await member.close();
    await site.close(page);
  }
});
