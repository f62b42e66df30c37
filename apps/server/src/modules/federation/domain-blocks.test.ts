import { signJsonLd, signRequest } from '@fedify/fedify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedDomainsResponse } from '@inkwell/contracts';
import {
  blockedDomains,
  jobs,
  moderationLog,
  remoteArticles,
  remoteFollowers,
  remoteFollowing,
  users,
} from '../../db/schema/index.ts';
import { startFederationInstance, userIdOf, type FederationInstance } from '../../test/federation-instance.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { enqueueJobs } from '../jobs/index.ts';
import { signingKey } from './actor-keys.ts';
import { DELIVERY_QUEUE } from './blog-activities.ts';
import { followRemoteActor } from './remote-follows.ts';

const AP = 'application/activity+json';
/** Three servers of three domains: 127.0.0.1 (ours), 127.0.0.2 (to be blocked), 127.0.0.3 (left alone). */
const LOOPBACK = { FETCH_ALLOW_HOSTS: '127.0.0.1,127.0.0.2,127.0.0.3' };

describe("the admins' blocked domains", () => {
  let a: FederationInstance;
  let spam: FederationInstance;
  let good: FederationInstance;
  let admin: TestUser;
  let author: TestUser;
  let authorId: string;
  let authorActor: string;
  const actorOf = async (instance: FederationInstance, user: TestUser) =>
    `${instance.url}/ap/users/${await userIdOf(instance, user)}`;

  /** Every job due on the three servers, until none has any (a delivery answered may queue another). */
  async function settle() {
    for (;;) {
      const ran = await Promise.all([a, spam, good].map((instance) => instance.app.jobs.runDue()));
      if (ran.every((n) => n === 0)) return;
    }
  }
  const call = (path: string, body: object, user: TestUser | undefined = admin) => post(a.app, path, body, user?.token);
  const block = (domain: string, reason = '') => call('/api/admin/block-domain', { domain, reason });
  const unblock = (domain: string, reason = '') => call('/api/admin/unblock-domain', { domain, reason });
  const followersOf = async (userId: string) =>
    (await a.app.db.select().from(remoteFollowers).where(eq(remoteFollowers.userId, userId)))
      .map((f) => f.actorId)
      .sort();
  const logLines = async (domain: string) =>
    (
      await a.app.db
        .select()
        .from(moderationLog)
        .where(eq(moderationLog.targetId, domain))
        .orderBy(asc(moderationLog.createdAt))
    ).map(({ actorUsername, action, targetType, targetLabel, detail, reason }) => ({
      actorUsername,
      action,
      targetType,
      targetLabel,
      detail,
      reason,
    }));
  const titlesOn = async (instance: FederationInstance) =>
    (await instance.app.db.select().from(remoteArticles)).map((article) => article.name);

  beforeAll(async () => {
    [a, spam, good] = await Promise.all([
      startFederationInstance(LOOPBACK, '127.0.0.1'),
      startFederationInstance(LOOPBACK, '127.0.0.2'),
      startFederationInstance(LOOPBACK, '127.0.0.3'),
    ]);
    // The first account of a site is its owner.
    admin = await buildUser(a.app, { fullname: 'Ada Admin' });
    author = await buildUser(a.app, { fullname: 'Arlo Author' });
    authorId = await userIdOf(a, author);
    authorActor = `${a.url}/ap/users/${authorId}`;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), spam?.close(), good?.close()]);
  });

  it('are for admins: a visitor gets 401, a member and a moderator 403, and nothing changes', async () => {
    const member = await buildUser(a.app);
    const moderator = await buildUser(a.app);
    await a.app.db.update(users).set({ role: 'moderator' }).where(eq(users.username, moderator.username));
    for (const [path, body] of [
      ['/api/admin/blocked-domains', { page: 1 }],
      ['/api/admin/block-domain', { domain: 'spam.example', reason: '' }],
      ['/api/admin/unblock-domain', { domain: 'spam.example', reason: '' }],
    ] as const) {
      const visitor = await post(a.app, path, body);
      expect([visitor.statusCode, visitor.json<{ code: string }>().code]).toEqual([401, 'unauthorized']);
      for (const user of [member, moderator]) {
        const refused = await call(path, body, user);
        expect([refused.statusCode, refused.json()]).toEqual([
          403,
          { error: 'Only the site’s admins can do this', code: 'admin_only' },
        ]);
      }
    }
    expect(await a.app.db.select().from(blockedDomains)).toEqual([]);
    expect(await a.app.db.select().from(moderationLog)).toEqual([]);
  });

  it('take a domain however it is typed, refuse what names none and the site’s own, and log each change', async () => {
    const added = await block('HTTPS://Spam.Example:8443/@someone', 'Spam from here');
    expect([added.statusCode, added.json()]).toEqual([200, { domain: 'spam.example' }]);
    expect((await block('bücher.example')).json()).toEqual({ domain: 'xn--bcher-kva.example' });

    const refusals = await Promise.all([
      block('*.spam.example'),
      block('not a domain'),
      block('localhost'),
      block(''),
      block(a.url),
      block('127.0.0.1'),
      block('x.example', 'x'.repeat(1001)),
      unblock('other.example'),
    ]);
    const invalid = 'Enter a domain name, such as spam.example, or an address on it';
    const own = 'This site’s own domain cannot be blocked';
    expect(refusals.map((res) => [res.statusCode, res.json()])).toEqual([
      [409, { error: 'This domain is blocked already', code: 'domain_already_blocked' }],
      [400, { error: invalid, code: 'domain_invalid' }],
      [400, { error: invalid, code: 'domain_invalid' }],
      [400, { error: invalid, code: 'domain_invalid' }],
      [400, { error: own, code: 'own_domain' }],
      [400, { error: own, code: 'own_domain' }],
      [400, { error: 'reason is too long (at most 1000 characters)', code: 'validation_failed' }],
      [404, { error: 'This domain is not blocked', code: 'domain_not_blocked' }],
    ]);

    const list = await call('/api/admin/blocked-domains', { page: 1 });
    expect(list.json<BlockedDomainsResponse>()).toEqual({
      domains: [
        { domain: 'xn--bcher-kva.example', reason: '', createdAt: expect.any(String) },
        { domain: 'spam.example', reason: 'Spam from here', createdAt: expect.any(String) },
      ],
      totalDocs: 2,
    });

    expect((await unblock('https://SPAM.example/', 'Cleaned up')).json()).toEqual({ domain: 'spam.example' });
    expect((await unblock('xn--bcher-kva.example')).statusCode).toBe(200);
    expect((await call('/api/admin/blocked-domains', { page: 1 })).json()).toEqual({ domains: [], totalDocs: 0 });
    const by = { actorUsername: admin.username, targetType: 'domain', targetLabel: 'spam.example' };
    expect(await logLines('spam.example')).toEqual([
      { ...by, action: 'domain_block', detail: 'allowed → blocked', reason: 'Spam from here' },
      { ...by, action: 'domain_unblock', detail: 'blocked → allowed', reason: 'Cleaned up' },
    ]);
  });

  it('cover subdomains: their followers are dropped, and deliveries to them are let go unsent', async () => {
    const adminId = await userIdOf(a, admin);
    const follower = (actorId: string, inbox = `${actorId}/inbox`) => ({
      userId: adminId,
      actorId,
      inbox,
      sharedInbox: null,
      followId: `${actorId}#follow`,
    });
    await a.app.db
      .insert(remoteFollowers)
      .values([
        follower('https://spam.example/users/one'),
        follower('https://a.b.Spam.Example:8443/users/two'),
        follower('https://elsewhere.example/users/three', 'https://inbox.spam.example/inbox'),
        follower('https://notspam.example/users/four'),
        follower('https://spam.example.org/users/five'),
      ]);

    expect((await block('spam.example', 'Spam')).statusCode).toBe(200);
    expect(await followersOf(adminId)).toEqual([
      'https://notspam.example/users/four',
      'https://spam.example.org/users/five',
    ]);
    expect((await logLines('spam.example')).at(-1)!.detail).toBe('allowed → blocked; 3 followers dropped');

    // Were it sent, the name would not resolve and the job would wait to be tried again.
    await enqueueJobs(a.app.db, [
      { queue: DELIVERY_QUEUE, payload: { senderId: adminId, inbox: 'https://x.spam.example/inbox', activity: {} } },
    ]);
    await a.app.jobs.runDue();
    expect(await a.app.db.select().from(jobs)).toEqual([]);

    await unblock('spam.example');
    await a.app.db.delete(remoteFollowers).where(eq(remoteFollowers.userId, adminId));
  });

  describe('once a server’s domain is blocked', () => {
    let spamReader: TestUser;
    let spamWriter: TestUser;
    let goodReader: TestUser;
    let spamHost: string;

    beforeAll(async () => {
      spamHost = new URL(spam.url).hostname;
      spamReader = await buildUser(spam.app, { fullname: 'Sam Spam' });
      spamWriter = await buildUser(spam.app, { fullname: 'Sid Spam' });
      goodReader = await buildUser(good.app, { fullname: 'Gus Good' });
    });

    it('drops its followers at once, and sends it nothing more, deliveries already queued included', async () => {
      await followRemoteActor(spam.app.federation!, spam.app.db, await userIdOf(spam, spamReader), authorActor);
      await followRemoteActor(good.app.federation!, good.app.db, await userIdOf(good, goodReader), authorActor);
      // The author follows the writer there too, so that its key is one this server has kept.
      await followRemoteActor(a.app.federation!, a.app.db, authorId, await actorOf(spam, spamWriter));
      await settle();
      expect((await followersOf(authorId)).sort()).toEqual(
        [await actorOf(spam, spamReader), await actorOf(good, goodReader)].sort(),
      );
      // Queued, not yet sent: the admin's follow of the reader there.
      await followRemoteActor(a.app.federation!, a.app.db, await userIdOf(a, admin), await actorOf(spam, spamReader));

      const blocked = await block(spam.url, 'Spam');
      expect(blocked.json()).toEqual({ domain: spamHost });
      expect(await followersOf(authorId)).toEqual([await actorOf(good, goodReader)]);
      const collection = await fetch(`${authorActor}/followers`, { headers: { accept: AP } });
      expect(((await collection.json()) as { totalItems: number }).totalItems).toBe(1);
      expect(await logLines(spamHost)).toEqual([
        {
          actorUsername: admin.username,
          action: 'domain_block',
          targetType: 'domain',
          targetLabel: spamHost,
          detail: 'allowed → blocked; 1 follower dropped',
          reason: 'Spam',
        },
      ]);

      await buildBlog(a.app, author, { title: 'For the friends left' });
      await settle();
      expect(await titlesOn(good)).toEqual(['For the friends left']);
      expect(await titlesOn(spam)).toEqual([]);
      // The admin's follow never left: only the author follows anyone there.
      expect((await spam.app.db.select().from(remoteFollowers)).map((f) => f.actorId)).toEqual([authorActor]);
      expect(await a.app.db.select().from(jobs)).toEqual([]);
    });

    it('refuses what it sends (403), however signed, and fetches nothing from it', async () => {
      const readerActor = await actorOf(spam, spamReader);
      const follow = JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${readerActor}#follows/refused`,
        type: 'Follow',
        actor: readerActor,
        object: authorActor,
      });
      const signed = await signRequest(
        new Request(`${authorActor}/inbox`, { method: 'POST', headers: { 'content-type': AP }, body: follow }),
        await signingKey(spam.app.db, await userIdOf(spam, spamReader)),
        new URL(`${readerActor}#main-key`),
        { spec: 'draft-cavage-http-signatures-12' },
      );
      const refused = await fetch(signed);
      expect([refused.status, await refused.json()]).toEqual([
        403,
        { error: 'This site does not accept activities from your domain', code: 'domain_blocked' },
      ]);

      // Its own server tries: the Follow is refused, and never accepted.
      const spamReaderId = await userIdOf(spam, spamReader);
      await spam.app.db.delete(remoteFollowing).where(eq(remoteFollowing.userId, spamReaderId));
      await followRemoteActor(spam.app.federation!, spam.app.db, spamReaderId, authorActor);
      await spam.app.jobs.runDue();
      expect(await followersOf(authorId)).toEqual([await actorOf(good, goodReader)]);
      const [following] = await spam.app.db
        .select()
        .from(remoteFollowing)
        .where(eq(remoteFollowing.userId, spamReaderId));
      expect(following!.acceptedAt).toBeNull();

      // The writer the author follows publishes: its Create is refused.
      await buildBlog(spam.app, spamWriter, { title: 'Buy now' });
      await settle();
      // Signed in its body by a key this server kept from before the block, and no HTTP signature: taken, and ignored.
      const writerActor = await actorOf(spam, spamWriter);
      const create = await signJsonLd(
        {
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `${writerActor}#creates/in-the-body`,
          type: 'Create',
          actor: writerActor,
          object: {
            id: `${spam.url}/blog/in-the-body`,
            type: 'Article',
            name: 'Signed in the body',
            attributedTo: writerActor,
            content: '<p>Buy now</p>',
          },
        },
        await signingKey(spam.app.db, await userIdOf(spam, spamWriter)),
        new URL(`${writerActor}#main-key`),
        { contextLoader: spam.app.federation!.context().contextLoader },
      );
      const taken = await fetch(`${a.url}/ap/inbox`, {
        method: 'POST',
        headers: { 'content-type': AP },
        body: JSON.stringify(create),
      });
      expect(taken.status).toBe(202);
      expect(await titlesOn(a)).toEqual([]);

      // Its actors are not fetched: the same lookup finds this one once the domain is unblocked.
      await expect(followRemoteActor(a.app.federation!, a.app.db, authorId, readerActor)).rejects.toThrow(
        `${readerActor} is not an actor with an inbox`,
      );
    });

    it('lets it follow and be sent to again once unblocked', async () => {
      expect((await unblock(spamHost, 'Sorted out')).json()).toEqual({ domain: spamHost });
      await followRemoteActor(spam.app.federation!, spam.app.db, await userIdOf(spam, spamReader), authorActor);
      await settle();
      expect((await followersOf(authorId)).sort()).toEqual(
        [await actorOf(spam, spamReader), await actorOf(good, goodReader)].sort(),
      );
      await buildBlog(a.app, author, { title: 'Welcome back' });
      await settle();
      expect(await titlesOn(spam)).toEqual(['Welcome back']);
      await followRemoteActor(a.app.federation!, a.app.db, authorId, await actorOf(spam, spamReader));
      expect((await logLines(spamHost)).map((line) => [line.action, line.reason])).toEqual([
        ['domain_block', 'Spam'],
        ['domain_unblock', 'Sorted out'],
      ]);
    });
  });
});
