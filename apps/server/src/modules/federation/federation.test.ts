import { readFileSync } from 'node:fs';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { preloadedContexts } from '@fedify/fedify/runtime';
import { Article, Person } from '@fedify/fedify/vocab';
import AjvDraft04 from 'ajv-draft-04';
import { eq, sql } from 'drizzle-orm';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, remoteArticles, remoteFollowers, remoteFollowing } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';
import { startFederationInstance, userIdOf, type FederationInstance } from '../../test/federation-instance.ts';
import { followRemoteActor, unfollowRemoteActor } from './remote-follows.ts';

const AP = 'application/activity+json';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
/** What Mastodon sends when it looks a URL up (app/services/fetch_resource_service.rb). */
const MASTODON_ACCEPT = `${AP}, application/ld+json; profile="https://www.w3.org/ns/activitystreams", text/html;q=0.1`;
const NODEINFO_SCHEMA = JSON.parse(
  readFileSync(new URL('../../test/nodeinfo-2.1.schema.json', import.meta.url), 'utf8'),
) as object;

interface ActorDocument {
  icon: { type: string; url: string; mediaType: string; width: number; height: number };
  publicKey: { id: string; publicKeyPem: string };
  assertionMethod: unknown[];
}
interface CollectionDocument {
  totalItems: number;
  first: string;
  orderedItems: { type: string; to: unknown; object: { id: string; to: unknown } }[];
}

const getJson = async <T>(url: string): Promise<T> => {
  const res = await fetch(url, { headers: { accept: AP } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('federation between two Inkwell instances', () => {
  let a: FederationInstance;
  let b: FederationInstance;
  /** An instance like any in production: loopback is not an address it will fetch. */
  let guarded: FederationInstance;
  let author: TestUser;
  let reader: TestUser;
  let readerId: string;
  let authorActor: string;

  /** Every job due on both, until neither has any: a delivery answered by an inbox may queue another (Follow, then Accept). */
  async function settle() {
    while ((await a.app.jobs.runDue()) + (await b.app.jobs.runDue()) > 0);
  }
  const articlesOnB = () => b.app.db.select().from(remoteArticles);

  beforeAll(async () => {
    [a, b, guarded] = await Promise.all([
      startFederationInstance(),
      startFederationInstance(),
      startFederationInstance({}),
    ]);
    author = await buildUser(a.app, { fullname: 'Ada Author' });
    reader = await buildUser(b.app, { fullname: 'Remy Reader' });
    readerId = await userIdOf(b, reader);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), guarded?.close()]);
  });

  it('answers WebFinger and the actor document with the public keys, made once', async () => {
    const host = new URL(a.url).host;
    const finger = await fetch(`${a.url}/.well-known/webfinger?resource=acct:${author.username}@${host}`);
    expect(finger.status).toBe(200);
    expect(finger.headers.get('content-type')).toContain('application/jrd+json');
    const jrd = (await finger.json()) as { subject: string; links: { rel: string; type?: string; href: string }[] };
    expect(jrd.subject).toBe(`acct:${author.username}@${host}`);
    authorActor = jrd.links.find((l) => l.rel === 'self' && l.type === AP)!.href;

    const res = await fetch(authorActor, { headers: { accept: AP } });
    expect(res.headers.get('content-type')).toContain(AP);
    const actor = (await res.json()) as ActorDocument;
    expect(actor).toMatchObject({
      type: 'Person',
      id: authorActor,
      preferredUsername: author.username,
      name: 'Ada Author',
      url: `${a.url}/user/${author.username}`,
      inbox: `${authorActor}/inbox`,
      outbox: `${authorActor}/outbox`,
      followers: `${authorActor}/followers`,
      endpoints: { sharedInbox: `${a.url}/ap/inbox` },
    });
    expect(actor.icon).toEqual({
      type: 'Image',
      url: `${a.url}/api/avatar/${author.username}.png`,
      mediaType: 'image/png',
      width: 480,
      height: 480,
    });
    const icon = await fetch(actor.icon.url);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(actor.publicKey.id).toBe(`${authorActor}#main-key`);
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(actor.assertionMethod).toHaveLength(2);
    const page = await fetch(authorActor, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect([page.status, page.headers.get('location')]).toEqual([302, `/user/${author.username}`]);
    const again = await getJson<ActorDocument>(authorActor);
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);

    const nodeinfo = (await (await fetch(`${a.url}/.well-known/nodeinfo`)).json()) as { links: { href: string }[] };
    const info = (await (await fetch(nodeinfo.links[0]!.href)).json()) as unknown;
    expect(info).toMatchObject({
      version: '2.1',
      software: { name: 'inkwell', version: '1.0.0' },
      protocols: ['activitypub'],
      usage: { localPosts: 0 },
    });
  });

  it('WebFinger answers for a profile URL and for the actor IRI as for the acct:, and 404 for no one', async () => {
    const host = new URL(a.url).host;
    const finger = async (resource: string) => {
      const res = await fetch(`${a.url}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);
      return { status: res.status, links: res.ok ? ((await res.json()) as { links: unknown[] }).links : null };
    };
    const byAcct = await finger(`acct:${author.username}@${host}`);
    expect(await finger(`${a.url}/user/${author.username}`)).toEqual(byAcct);
    expect(await finger(authorActor)).toEqual(byAcct);
    expect((await finger(`${a.url}/user/nobody-here`)).status).toBe(404);
    expect((await finger(`${b.url}/user/${author.username}`)).status).toBe(404);
  });

  it('a blog page and a profile page are their Article and Person to a client asking for ActivityStreams', async () => {
    const writer = await buildUser(a.app, { fullname: 'Wren Writer' });
    const writerActor = `${a.url}/ap/users/${await userIdOf(a, writer)}`;
    const blogId = await buildBlog(a.app, writer, { title: 'Found by its page' });
    const draftId = await buildBlog(a.app, writer, { title: 'Not yet', draft: true });
    const blogPage = `${a.url}/blog/${blogId}`;
    const profilePage = `${a.url}/user/${writer.username}`;

    // B looks both up by the addresses a reader pastes, as Mastodon's search does.
    const ctx = b.app.federation!.context();
    const article = await ctx.lookupObject(blogPage);
    expect(article).toBeInstanceOf(Article);
    expect([article!.id?.href, article!.name?.toString()]).toEqual([blogPage, 'Found by its page']);
    const person = await ctx.lookupObject(profilePage);
    expect(person).toBeInstanceOf(Person);
    expect(person!.id?.href).toBe(writerActor);

    // What a server that reads plain JSON sees.
    for (const accept of [MASTODON_ACCEPT, 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"']) {
      const res = await fetch(blogPage, { headers: { accept } });
      expect([res.status, res.headers.get('content-type'), res.headers.get('vary')]).toEqual([
        200,
        AP,
        expect.stringMatching(/accept/i),
      ]);
      const json = (await res.json()) as Record<string, unknown>;
      expect(json).toMatchObject({
        type: 'Article',
        id: blogPage,
        url: blogPage,
        name: 'Found by its page',
        to: PUBLIC,
      });
      expect(json).not.toHaveProperty('summary');
      // An independent JSON-LD processor reads the same address (the contexts are Fedify's copies: no network).
      const documentLoader = async (url: string) => ({ document: preloadedContexts[url], documentUrl: url });
      const options = { documentLoader } as unknown as jsonld.Options.Expand;
      const [expanded] = await jsonld.expand(json as jsonld.JsonLdDocument, options);
      expect(expanded!['https://www.w3.org/ns/activitystreams#to']).toEqual([{ '@id': PUBLIC }]);
    }
    const profile = await fetch(profilePage, { headers: { accept: MASTODON_ACCEPT } });
    expect(await profile.json()).toMatchObject({ type: 'Person', id: writerActor, preferredUsername: writer.username });

    // What the blog's own IRI answers for a blog no reader may read, or no one's profile: never the document.
    for (const missing of [`${a.url}/blog/${draftId}`, `${a.url}/blog/no-such-blog`, `${a.url}/user/nobody-here`]) {
      const res = await fetch(missing, { headers: { accept: AP } });
      expect([res.status, await res.json()]).toEqual([404, expect.objectContaining({ code: 'not_found' })]);
    }

    // A browser gets the page, which links the document.
    for (const [page, href] of [
      [blogPage, blogPage],
      [profilePage, writerActor],
    ] as const) {
      const res = await fetch(page, { headers: { accept: 'text/html,*/*;q=0.8' } });
      expect([res.status, res.headers.get('content-type'), res.headers.get('vary')]).toEqual([
        200,
        'text/html; charset=utf-8',
        expect.stringMatching(/accept/i),
      ]);
      expect(await res.text()).toMatch(
        new RegExp(`<link rel="alternate" type="${AP.replace('+', '\\+')}"[^>]* href="${href}">`),
      );
    }
    const draftPage = await (await fetch(`${a.url}/blog/${draftId}`)).text();
    expect(draftPage).not.toContain(`type="${AP}"`);
  });

  it('the cache of anonymous reads keeps the page and never answers one kind of client with the other’s', async () => {
    const blogId = await buildBlog(a.app, await buildUser(a.app), { title: 'Cached once' });
    const page = `${a.url}/blog/${blogId}`;
    const html = async (accept = 'text/html') => {
      const res = await fetch(page, { headers: { accept } });
      expect(res.headers.get('content-type')).toContain('text/html');
      return /<title>([^<]*)<\/title>/.exec(await res.text())![1];
    };
    const json = async () => {
      const res = await fetch(page, { headers: { accept: AP } });
      expect(res.headers.get('content-type')).toBe(AP);
      return ((await res.json()) as { name: string }).name;
    };
    expect(await html()).toBe('Cached once | Inkwell');
    // Changed behind the app's back: what the cache kept shows through.
    await a.app.db.execute(sql`update blogs set title = 'Changed since' where blog_id = ${blogId}`);
    expect(await json()).toBe('Changed since');
    expect(await html()).toBe('Cached once | Inkwell');
    expect(await html('text/html,application/xhtml+xml')).toBe('Changed since | Inkwell');
  });

  it('NodeInfo passes the published 2.1 schema and counts the comments readers see', async () => {
    const nodeInfoDocument = async () => {
      const res = await fetch(`${a.url}/nodeinfo/2.1`);
      expect(res.headers.get('content-type')).toContain('application/json');
      return (await res.json()) as { usage: { localComments: number } };
    };
    const validate = new AjvDraft04.default({ allErrors: true }).compile(NODEINFO_SCHEMA);
    const before = await nodeInfoDocument();
    expect(validate(before) ? [] : validate.errors).toEqual([]);

    const talker = await buildUser(a.app);
    const blogId = await buildBlog(a.app, talker, { title: 'Talk to me' });
    const [blog] = await a.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
    for (const comment of ['First', 'Second'])
      expect((await post(a.app, '/api/comment/add-comment', { _id: blog!.id, comment }, talker.token)).statusCode).toBe(
        200,
      );
    const after = await nodeInfoDocument();
    expect(validate(after) ? [] : validate.errors).toEqual([]);
    expect(after.usage.localComments).toBe(before.usage.localComments + 2);
  });

  it('refuses a Follow with a forged signature or none (401), and keeps no follower', async () => {
    const readerActor = `${b.url}/ap/users/${readerId}`;
    const follow = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${readerActor}#follows/forged`,
      type: 'Follow',
      actor: readerActor,
      object: authorActor,
    });
    const inbox = `${authorActor}/inbox`;
    const unsigned = await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body: follow });
    expect(unsigned.status).toBe(401);
    // Signed in the reader's name (their real key id) with a key that is not theirs.
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const forged = await signRequest(
      new Request(inbox, { method: 'POST', headers: { 'content-type': AP }, body: follow }),
      stranger.privateKey,
      new URL(`${readerActor}#main-key`),
      {
        spec: 'draft-cavage-http-signatures-12',
      },
    );
    const refused = await fetch(forged);
    expect(refused.status).toBe(401);
    expect(await a.app.db.select().from(remoteFollowers)).toEqual([]);
  });

  it('fetches the key of a signed activity only through the address checks: a loopback actor is refused', async () => {
    const someone = await buildUser(guarded.app);
    const someoneActor = `${guarded.url}/ap/users/${await userIdOf(guarded, someone)}`;
    await followRemoteActor(b.app.federation!, b.app.db, readerId, someoneActor);
    await b.app.jobs.runDue();
    // B's Follow was signed and sent, but the guarded instance could not fetch B's key from 127.0.0.1.
    expect(await guarded.app.db.select().from(remoteFollowers)).toEqual([]);
    await b.app.db.delete(remoteFollowing);
  });

  it("a follow from B is accepted by A; A publishing, editing and deleting reach B's inbox; Undo ends it", async () => {
    await followRemoteActor(b.app.federation!, b.app.db, readerId, authorActor);
    await settle();
    const followers = await a.app.db.select().from(remoteFollowers);
    expect(followers.map((f) => [f.actorId, f.inbox, f.sharedInbox])).toEqual([
      [`${b.url}/ap/users/${readerId}`, `${b.url}/ap/users/${readerId}/inbox`, `${b.url}/ap/inbox`],
    ]);
    const [following] = await b.app.db.select().from(remoteFollowing);
    expect(following!.acceptedAt).not.toBeNull();
    expect((await getJson<CollectionDocument>(`${authorActor}/followers`)).totalItems).toBe(1);

    const draftId = await buildBlog(a.app, author, { title: 'Not yet', draft: true });
    const blogId = await buildBlog(a.app, author, { title: 'Letters from the fells', tags: ['walking'] });
    await settle();
    const articleId = `${a.url}/blog/${blogId}`;
    expect(await articlesOnB()).toMatchObject([
      {
        objectId: articleId,
        actorId: authorActor,
        name: 'Letters from the fells',
        url: articleId,
        lastActivity: 'Create',
      },
    ]);
    expect((await articlesOnB())[0]!.content).toContain('We left early.');

    // The outbox pages the published blogs as Create activities, drafts never.
    const outbox = await getJson<CollectionDocument>(`${authorActor}/outbox`);
    expect(outbox.totalItems).toBe(1);
    const page = await getJson<CollectionDocument>(outbox.first);
    expect(page.orderedItems.map((item) => [item.type, item.object.id])).toEqual([['Create', articleId]]);
    expect(page.orderedItems.map((item) => [item.to, item.object.to])).toEqual([[PUBLIC, PUBLIC]]);
    expect(JSON.stringify(page)).not.toContain(draftId);

    const edited = await post(
      a.app,
      '/api/blog/create-blog',
      publishableBlog({ id: blogId, title: 'Letters from the high fells', tags: ['walking'] }),
      author.token,
    );
    expect(edited.statusCode).toBe(200);
    await settle();
    expect(await articlesOnB()).toMatchObject([
      { objectId: articleId, name: 'Letters from the high fells', lastActivity: 'Update' },
    ]);

    const deleted = await post(a.app, '/api/blog/delete-blog', { blog_id: blogId }, author.token);
    expect(deleted.statusCode).toBe(200);
    await settle();
    expect(await articlesOnB()).toMatchObject([{ objectId: articleId, lastActivity: 'Delete' }]);

    await unfollowRemoteActor(b.app.federation!, b.app.db, readerId, authorActor);
    await settle();
    expect(await a.app.db.select().from(remoteFollowers)).toEqual([]);
    expect((await getJson<CollectionDocument>(`${authorActor}/followers`)).totalItems).toBe(0);
  });

  it('a blog staff hide, or whose author they suspend, is deleted from B; given back, it is sent again', async () => {
    const member = await buildUser(a.app, { fullname: 'Mo Member' });
    const memberActor = `${a.url}/ap/users/${await userIdOf(a, member)}`;
    await followRemoteActor(b.app.federation!, b.app.db, readerId, memberActor);
    await settle();
    const blogId = await buildBlog(a.app, member, { title: 'Buy cheap watches' });
    await settle();
    const articleId = `${a.url}/blog/${blogId}`;
    const onB = async () => (await articlesOnB()).find((article) => article.objectId === articleId);
    expect(await onB()).toMatchObject({ lastActivity: 'Create' });

    // The author of A's first blog is its owner: staff here.
    const staff = (path: string, body: object) =>
      post(a.app, `/api/admin/${path}`, { ...body, reason: 'Spam' }, author.token);
    expect((await staff('hide-blog', { blog_id: blogId })).statusCode).toBe(200);
    await settle();
    expect(await onB()).toMatchObject({ lastActivity: 'Delete' });
    expect((await staff('unhide-blog', { blog_id: blogId })).statusCode).toBe(200);
    await settle();
    expect(await onB()).toMatchObject({ lastActivity: 'Create', name: 'Buy cheap watches' });

    expect((await staff('member/standing', { username: member.username, standing: 'suspended' })).statusCode).toBe(200);
    await settle();
    expect(await onB()).toMatchObject({ lastActivity: 'Delete' });
    expect((await staff('member/standing', { username: member.username, standing: 'active' })).statusCode).toBe(200);
    await settle();
    expect(await onB()).toMatchObject({ lastActivity: 'Create' });
  });

  it('a blog its author takes back to draft is deleted from B; published again, by an edit or publish-now, it is sent again', async () => {
    const writer = await buildUser(a.app, { fullname: 'Wren Writer' });
    await followRemoteActor(b.app.federation!, b.app.db, readerId, `${a.url}/ap/users/${await userIdOf(a, writer)}`);
    await settle();
    const blogId = await buildBlog(a.app, writer, { title: 'Second thoughts' });
    await settle();
    const articleId = `${a.url}/blog/${blogId}`;
    const onB = async () => (await articlesOnB()).find((article) => article.objectId === articleId);
    expect(await onB()).toMatchObject({ lastActivity: 'Create' });

    const save = (draft: boolean) =>
      post(
        a.app,
        '/api/blog/create-blog',
        publishableBlog({ id: blogId, title: 'Second thoughts', draft }),
        writer.token,
      );
    for (const publishAgain of [
      () => save(false),
      () => post(a.app, '/api/blog/publish-now', { blog_id: blogId }, writer.token),
    ]) {
      expect((await save(true)).statusCode).toBe(200);
      await settle();
      expect(await onB()).toMatchObject({ lastActivity: 'Delete' });
      expect((await publishAgain()).statusCode).toBe(200);
      await settle();
      expect(await onB()).toMatchObject({ lastActivity: 'Create', name: 'Second thoughts' });
    }
  });
});

describe('federation without PUBLIC_URL', () => {
  it('is off: none of its addresses answer as the fediverse (pages fall to the web app, as before)', async () => {
    const t = await buildTestApp();
    try {
      const author = await buildUser(t.app);
      const id = await userIdOf(t, author);
      for (const url of [
        `/.well-known/webfinger?resource=acct:${author.username}@localhost`,
        '/.well-known/nodeinfo',
        `/ap/users/${id}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: AP } });
        expect(res.headers['content-type']).not.toMatch(/activity\+json|jrd\+json/);
        expect(res.body).not.toContain(author.username);
      }
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/ap/users/${id}/inbox`,
            headers: { 'content-type': AP },
            payload: '{}',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
