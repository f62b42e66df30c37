import { ErrorMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { expect, expectToast, ownerUser, recordToasts, signIn, test, uniqueId } from './support/fixtures.ts';

test('the owner blocks a domain, is told when one is not a domain, unblocks it, and the log keeps both', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The browser reports the refusal this test provokes on purpose.
  consoleErrors.allow(/^Failed to load resource: the server responded with a status of 400/);
  const owner = await ownerUser(request);
  const domain = `spam-${uniqueId()}.example`;
  await installAxe(page);
  await signIn(page, owner);
  await page.goto('/admin/members');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blocked domains' }).click();
  await expect(page.getByRole('heading', { name: 'Blocked domains', level: 1 })).toBeVisible();

  // Typed as an address on it, blocked as the domain.
  await page.getByRole('textbox', { name: 'Domain, or an address on it' }).fill(`https://${domain}/@pills`);
  await page.getByRole('textbox', { name: /Reason/ }).fill('Pill shop spam in every reply');
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, `${domain} blocked`);
  const row = page.getByRole('listitem').filter({ hasText: domain });
  await expect(row).toContainText('Pill shop spam in every reply');
  await expect(row).toContainText(/Blocked on \d{1,2} \w{3} \d{4}/);
  await expect(page.getByRole('textbox', { name: 'Domain, or an address on it' })).toHaveValue('');
  await checkScreen(page, 'the blocked domains');

  await page.getByRole('textbox', { name: 'Domain, or an address on it' }).fill('not a domain');
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, ErrorMessages.domain_invalid);

  await row.getByRole('button', { name: `Unblock ${domain}` }).click();
  const confirm = row.getByRole('alertdialog');
  await expect(confirm).toContainText(`Unblock ${domain}?`);
  await checkScreen(page, 'the blocked domains, confirming an unblock');
  await confirm.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expectToast(page, `${domain} unblocked`);
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Moderation log' }).click();
  // Other specs' staff write to the same log meanwhile: the lines are found by what they say.
  const lines = page.getByRole('list').getByRole('listitem');
  await expect(
    lines.filter({ hasText: `@${owner.username} unblocked the fediverse domain ${domain}: blocked → allowed` }),
  ).toHaveCount(1);
  const blocked = lines.filter({
    hasText: `@${owner.username} blocked the fediverse domain ${domain}: allowed → blocked`,
  });
  await expect(blocked).toContainText('Pill shop spam in every reply');
});

test('the owner blocks an e-mail domain, a sign-up from under it is refused with its message, and unblocking lets it in', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ownerUser(request);
  const domain = `spam${uniqueId()}.net`;
  await installAxe(page);
  await signIn(page, owner);
  await page.goto('/admin/members');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blocked e-mail domains' }).click();
  await expect(page.getByRole('heading', { name: 'Blocked e-mail domains', level: 1 })).toBeVisible();

  // Typed as an address on it, blocked as the domain.
  const field = page.getByRole('textbox', { name: 'E-mail domain, or an address on it' });
  await field.fill(`someone@${domain.toUpperCase()}`);
  await page.getByRole('textbox', { name: /Reason/ }).fill('Throwaway addresses');
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, `${domain} blocked`);
  const row = page.getByRole('listitem').filter({ hasText: domain });
  await expect(row).toContainText('Throwaway addresses');
  await expect(row).toContainText(new RegExp(`Blocked by @${owner.username} on \\d{1,2} \\w{3} \\d{4}`));
  await expect(field).toHaveValue('');
  await checkScreen(page, 'the blocked e-mail domains');

  // A visitor, in a browser of their own, signs up with an address under it.
  const context = await browser.newContext();
  try {
    await context.addInitScript(recordToasts);
    const visitor = await context.newPage();
    await visitor.goto('/signup');
    await visitor.getByLabel('Full Name').fill('Sam Spammer');
    await visitor.getByLabel('Email').fill(`sam@mail.${domain}`);
    await visitor.getByLabel('Password', { exact: true }).fill('Secret123');
    await visitor.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(visitor, ErrorMessages.email_domain_blocked);
    expect(await visitor.evaluate(() => sessionStorage.getItem('user'))).toBeNull();

    await row.getByRole('button', { name: `Unblock ${domain}` }).click();
    const confirm = row.getByRole('alertdialog');
    await expect(confirm).toContainText(`Unblock ${domain}? Addresses on it may sign up, apply and subscribe again.`);
    await confirm.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expectToast(page, `${domain} unblocked`);
    await expect(row).toHaveCount(0);

    await visitor.getByRole('button', { name: 'Sign Up' }).click();
    await expect(visitor).toHaveURL(/\/$/);
  } finally {
    await context.close();
  }

  await page.getByRole('link', { name: 'Moderation log' }).click();
  const lines = page.getByRole('list').getByRole('listitem');
  await expect(
    lines.filter({ hasText: `@${owner.username} blocked the e-mail domain ${domain}: allowed → blocked` }),
  ).toContainText('Throwaway addresses');
  await expect(
    lines.filter({ hasText: `@${owner.username} unblocked the e-mail domain ${domain}: blocked → allowed` }),
  ).toHaveCount(1);
});
