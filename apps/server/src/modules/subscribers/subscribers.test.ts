import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, SubscriptionMessages } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { blogs, subscribers } from '../../db/schema/index.ts';
import { enqueueJobsFrom } from '../jobs/index.ts';
import { newsletterJobRows } from './subscribers.repository.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/smtp-inbox.ts';

let inbox: SmtpInbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://blog.example.org' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const subscribe = (username: string, body: { email?: string } = {}, token?: string) =>
  post(t.app, '/api/user/subscribe', { username, ...body }, token);
const isSubscribed = async (reader: TestUser, author: TestUser) =>
  (await post(t.app, '/api/user/subscription', { username: author.username }, reader.token)).json().subscribed;
const countOf = async (author: TestUser) =>
  (await post(t.app, '/api/user/subscriber-count', {}, author.token)).json().subscribers;
const mailsTo = (address: string) => inbox.mails.filter((m) => m.to.includes(address.toLowerCase()));
const visitor = () => `reader.${uniqueId()}@example.net`;
/** Publishes a blog and runs the jobs it brings (the fan-out, then each mail). */
async function publish(author: TestUser, title = `News ${uniqueId()}`) {
  const blogId = await buildBlog(t.app, author, { title });
  await t.app.jobs.runDue();
  return { blogId, title };
}
const tokenIn = (mail: ReceivedMail, path: string) => {
  const found = new RegExp(`https://blog\\.example\\.org/${path}/([A-Za-z0-9_-]{43})`).exec(mail.text);
  expect(found, mail.text).not.toBeNull();
  return found![1]!;
};
/** A visitor's subscription, confirmed through the link of the mail that comes. */
async function confirmedVisitor(author: TestUser, email = visitor()) {
  expect((await subscribe(author.username, { email })).statusCode).toBe(200);
  await t.app.jobs.runDue();
  const token = tokenIn(await inbox.mailTo(email), 'subscribe/confirm');
  const res = await t.app.inject({ method: 'POST', url: `/subscribe/confirm/${token}` });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

describe('a signed-in reader', () => {
  it('subscribes in one click with their account’s address, gets each new blog, and unsubscribes', async () => {
    const author = await buildUser(t.app);
    const reader = await buildUser(t.app);
    expect(await isSubscribed(reader, author)).toBe(false);
    const res = await subscribe(author.username, {}, reader.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscribed: true, message: SubscriptionMessages.subscribed });
    expect(await isSubscribed(reader, author)).toBe(true);
    expect(await countOf(author)).toBe(1);

    const { blogId } = await publish(author, 'Fish & <Chips>');
    const [mail] = mailsTo(reader.email);
    expect(mail!.subject).toBe('Fish & <Chips>');
    expect(mail!.text).toContain(`Read it: https://blog.example.org/blog/${blogId}`);
    expect(mail!.html).toContain('<h1 style="font-size:24px">Fish &amp; &lt;Chips&gt;</h1>');
    expect(mail!.html).toContain(`<a href="https://blog.example.org/blog/${blogId}">Read it</a>`);
    expect(mail!.html).toContain('<img src="https://blog.example.org/uploads/banner.webp"');
    const token = tokenIn(mail!, 'unsubscribe');
    expect(mail!.headers['list-unsubscribe']).toBe(`<https://blog.example.org/unsubscribe/${token}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    expect((await post(t.app, '/api/user/unsubscribe', { username: author.username }, reader.token)).json()).toEqual({
      subscribed: false,
    });
    expect(await isSubscribed(reader, author)).toBe(false);
    expect(await countOf(author)).toBe(0);
    await publish(author);
    expect(mailsTo(reader.email)).toHaveLength(1);
  });

  it('cannot subscribe to themselves; the subscription calls need a session', async () => {
    const author = await buildUser(t.app);
    expect((await subscribe(author.username, {}, author.token)).json()).toEqual({
      error: ErrorMessages.self_subscription,
      code: 'self_subscription',
    });
    expect((await post(t.app, '/api/user/subscription', { username: author.username })).statusCode).toBe(401);
    expect((await post(t.app, '/api/user/unsubscribe', { username: author.username })).statusCode).toBe(401);
    expect((await post(t.app, '/api/user/subscriber-count', {})).statusCode).toBe(401);
    const unknown = await subscribe('no-such-writer-here', {}, author.token);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'user_not_found']);
  });
});

describe('a visitor', () => {
  it('confirms from the mailed link (a GET changes nothing), and only then gets new blogs', async () => {
    const author = await buildUser(t.app);
    const email = visitor();
    const pending = visitor();
    const first = await subscribe(author.username, { email: `  ${email.toUpperCase()} ` });
    expect(first.json()).toEqual({ subscribed: false, message: SubscriptionMessages.checkInbox });
    expect((await subscribe(author.username, { email: pending })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const mail = await inbox.mailTo(email);
    expect(mail.subject).toContain('Confirm your subscription');
    const token = tokenIn(mail, 'subscribe/confirm');

    // Mail scanners open links: the page's GET must not confirm.
    await t.app.inject({ method: 'GET', url: `/subscribe/confirm/${token}` });
    expect(await countOf(author)).toBe(0);
    const confirmed = await t.app.inject({ method: 'POST', url: `/subscribe/confirm/${token}` });
    expect(confirmed.json()).toEqual({ message: SubscriptionMessages.confirmed });
    expect(await countOf(author)).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: `/subscribe/confirm/${token}` })).json()).toEqual({
      error: ErrorMessages.subscription_link_invalid,
      code: 'subscription_link_invalid',
    });

    const { title } = await publish(author);
    expect(mailsTo(email).map((m) => m.subject)).toEqual([mail.subject, title]);
    expect(mailsTo(pending).map((m) => m.subject)).toEqual([mail.subject]);
  });

  it('gets the same answer for a new, pending or confirmed address, and a pending one is not mailed again at once', async () => {
    const author = await buildUser(t.app);
    const confirmed = await confirmedVisitor(author);
    const fresh = visitor();
    const answers = [];
    for (const email of [fresh, fresh, confirmed]) answers.push((await subscribe(author.username, { email })).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await t.app.jobs.runDue();
    expect(mailsTo(fresh)).toHaveLength(1);
    expect(mailsTo(confirmed)).toHaveLength(1);
    const invalid = await subscribe(author.username, { email: 'not-an-address' });
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, 'email_invalid']);
  });

  it('is limited in how often one address may be subscribed', async () => {
    const author = await buildUser(t.app);
    const email = visitor();
    for (let i = 0; i < 5; i++) expect((await subscribe(author.username, { email })).statusCode).toBe(200);
    const refused = await subscribe(author.username, { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain(SubscriptionMessages.tooManySubscribes);
    expect(refused.json().code).toBe('rate_limited');
  });
});

describe('unsubscribing from a mail', () => {
  it('works from the page’s button and from a mail client’s one-click POST (RFC 8058), once', async () => {
    const author = await buildUser(t.app);
    const [byPage, byClient] = [await confirmedVisitor(author), await confirmedVisitor(author)];
    expect(await countOf(author)).toBe(2);
    await publish(author);
    const pageToken = tokenIn(mailsTo(byPage)[1]!, 'unsubscribe');
    const clientToken = tokenIn(mailsTo(byClient)[1]!, 'unsubscribe');

    await t.app.inject({ method: 'GET', url: `/unsubscribe/${pageToken}` });
    expect(await countOf(author)).toBe(2);
    const page = await t.app.inject({ method: 'POST', url: `/unsubscribe/${pageToken}`, payload: {} });
    expect(page.json()).toEqual({ message: SubscriptionMessages.unsubscribed });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${clientToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await countOf(author)).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/unsubscribe/${clientToken}` })).statusCode).toBe(404);

    await publish(author);
    expect(mailsTo(byPage)).toHaveLength(2);
    expect(mailsTo(byClient)).toHaveLength(2);
  });

  it('before the mail is sent means no mail; a fan-out run again adds no mail', async () => {
    const author = await buildUser(t.app);
    const [leaving, staying] = [await buildUser(t.app), await buildUser(t.app)];
    for (const reader of [leaving, staying]) await subscribe(author.username, {}, reader.token);
    const blogId = await buildBlog(t.app, author);
    // The mail jobs are queued as the fan-out queues them, then one reader leaves before they run.
    const [blog] = await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
    expect(await enqueueJobsFrom(t.app.db, 'newsletter-mail', newsletterJobRows(blog!.id))).toBe(2);
    await post(t.app, '/api/user/unsubscribe', { username: author.username }, leaving.token);
    await t.app.jobs.runDue();
    expect(mailsTo(leaving.email)).toEqual([]);
    expect(mailsTo(staying.email)).toHaveLength(1);
  });
});

describe('who sees what', () => {
  it('shows nobody an address: the author sees a count, a profile shows none', async () => {
    const author = await buildUser(t.app);
    const email = await confirmedVisitor(author);
    const reader = await buildUser(t.app);
    await subscribe(author.username, {}, reader.token);
    expect(await countOf(author)).toBe(2);
    expect(await countOf(reader)).toBe(0);
    for (const token of [undefined, reader.token, author.token]) {
      const profile = await post(t.app, '/api/user/get-profile', { username: author.username }, token);
      expect(profile.body).not.toContain(email);
      expect(profile.body).not.toContain(reader.email);
    }
    // Only hashes of the mailed tokens are stored.
    const rows = await t.app.db.select().from(subscribers);
    for (const mail of inbox.mails) {
      for (const match of mail.text.matchAll(/\/(?:unsubscribe|subscribe\/confirm)\/([A-Za-z0-9_-]{43})/g)) {
        expect(JSON.stringify(rows)).not.toContain(match[1]);
      }
    }
  });
});
