import { ErrorMessages } from '@inkwell/contracts';
import { checkScreen, installAxe } from './support/axe.ts';
import { expect, expectToast, ownerUser, signIn, test, uniqueId } from './support/fixtures.ts';

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
