import { checkScreen, installAxe } from './support/axe.ts';
import { signInOn, startEmptySite } from './support/empty-site.ts';
import { createBlog, createUser, expect, expectToast, test, uniqueId } from './support/fixtures.ts';

const WAITING = 'Waiting for review — a moderator will read it before it is shown to others.';
const UNTRUSTED_REL = 'ugc nofollow noopener noreferrer';

/** A paragraph with a link, whose rel says whether its author is trusted. */
const withLink = (title: string) => ({
  title,
  content: [
    {
      time: 1,
      version: '2.31.0',
      blocks: [
        { id: 'p1', type: 'paragraph', data: { text: 'See <a href="https://example.org/guide">the guide</a>.' } },
      ],
    },
  ],
});

/*
 * A site of its own (reviewing new members on the shared one would hold back every other spec's
 * blogs): the owner turns review on, a new member's blogs wait, the owner approves one and rejects
 * the other, then trusts the member, whose links lose `ugc nofollow`.
 */
test('a new member’s blogs wait for review: approved, it is published; rejected, it is a draft again with why', async ({
  page,
  context,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const site = await startEmptySite();
  const request = await playwright.request.newContext({ baseURL: site.url });
  const visitor = await (await browser.newContext()).newPage();
  const authorPage = await context.newPage();
  try {
    // The first account of a site is its owner.
    const owner = await createUser(request, 'First Owner');
    const author = await createUser(request, 'New Writer');
    await installAxe(page);
    await signInOn(page, site.url, owner.session);
    await signInOn(authorPage, site.url, author.session);

    await page.goto(`${site.url}/admin/settings`);
    await page.getByRole('checkbox', { name: /Review the blogs of members not yet trusted/ }).check();
    await expect(page.getByRole('spinbutton', { name: 'Trusted after this many published blogs' })).toHaveValue('3');
    await expect(page.getByRole('switch', { name: /Spam wave: turn every defence on/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Settings saved');

    const good = `Lichens of the north ${uniqueId()}`;
    const spam = `Cheap pills ${uniqueId()}`;
    const goodId = await createBlog(request, author, withLink(good));
    await createBlog(request, author, { title: spam });

    // Its author reads it, told it waits; nobody else can, nor finds it listed.
    await authorPage.goto(`${site.url}/blog/${goodId}`);
    await expect(authorPage.getByRole('note')).toHaveText(WAITING);
    await expect(authorPage.getByRole('link', { name: 'the guide' })).toHaveAttribute('rel', UNTRUSTED_REL);
    await authorPage.goto(`${site.url}/dashboard/blogs`);
    await expect(authorPage.getByRole('listitem', { name: good }).getByRole('note')).toHaveText(WAITING);
    expect((await visitor.goto(`${site.url}/blog/${goodId}`))?.status()).toBe(404);
    await visitor.goto(`${site.url}/`);
    await expect(visitor.getByRole('main')).toBeVisible();
    await expect(visitor.getByRole('link', { name: good })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Review queue' }).click();
    await expect(page.getByRole('heading', { name: 'Review queue', level: 1 })).toBeVisible();
    const entry = (title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(entry(good)).toContainText(`New Writer (@${author.username})`);
    await expect(entry(good).getByRole('link', { name: 'the guide' })).toHaveAttribute('rel', UNTRUSTED_REL);
    await checkScreen(page, 'the review queue');

    await entry(good).getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Published');
    await expect(entry(good)).toHaveCount(0);
    // A rejection says why: without a reason it is not sent.
    await entry(spam).getByRole('button', { name: 'Reject' }).click();
    const reason = entry(spam).getByRole('textbox', { name: /Reason/ });
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAccessibleDescription('Say why it is rejected: its author is told.');
    await reason.fill('Advertising');
    await entry(spam).getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Sent back to the author’s drafts');
    await expect(page.getByText('Nothing waits for review.')).toBeVisible();

    // Approved, it is published for everyone.
    await visitor.goto(`${site.url}/`);
    await visitor.getByRole('link', { name: good }).first().click();
    const link = visitor.getByRole('link', { name: 'the guide' });
    await expect(link).toHaveAttribute('rel', UNTRUSTED_REL);

    // Rejected, it is its author's draft again, and they are told why.
    await authorPage.goto(`${site.url}/dashboard/blogs`);
    await authorPage.getByRole('tab', { name: 'Drafts' }).click();
    await expect(authorPage.getByRole('listitem', { name: spam })).toBeVisible();
    await authorPage.goto(`${site.url}/dashboard/notification`);
    await expect(authorPage.getByRole('main')).toContainText('sent your blog back to your drafts');
    await expect(authorPage.getByRole('main')).toContainText('Reason: “Advertising”');

    // Trusted by hand, the member's links are vouched for.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Members' }).click();
    const row = page.getByRole('listitem').filter({ hasText: `@${author.username}` });
    const standingLine = row.locator('p').filter({ hasText: 'Joined' });
    await expect(standingLine.getByText('Not yet trusted', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Manage @${author.username}` }).click();
    await row.getByRole('combobox', { name: 'Trust' }).selectOption('Trusted');
    await row.getByRole('textbox', { name: /Reason/ }).fill('Writes well');
    await row.getByRole('button', { name: 'Set trust' }).click();
    await expectToast(page, `@${author.username} updated`);
    await expect(standingLine.getByText('Trusted', { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  } finally {
    await authorPage.close();
    await visitor.context().close();
    await request.dispose();
    await site.close(page);
  }
});
