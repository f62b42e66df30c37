import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { remoteArticles, remoteFollowers, remoteFollowing } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { freePort } from '../../test/server-process.ts';
import { followRemoteActor, unfollowRemoteActor } from './remote-follows.ts';

const AP = 'application/activity+json';

interface Instance extends TestApp {
  url: string;
}

/** A real Inkwell listening on loopback under its own PUBLIC_URL, allowed to reach the other one. */
async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ PUBLIC_URL: url, FETCH_ALLOW_HOSTS: '127.0.0.1' });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, url };
}

/** Waits for something another server does after answering (a delivery after commit, an inbox's work). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i >= 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('federation between two Inkwell instances', () => {
  let a: Instance;
  let b: Instance;
  let author: TestUser;
  let reader: TestUser;
  let authorActor: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    author = await buildUser(a.app, { fullname: 'Ada Author' });
    reader = await buildUser(b.app, { fullname: 'Remy Reader' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('answers WebFinger and the actor document with the public key', async () => {
    const host = new URL(a.url).host;
    const finger = await fetch(`${a.url}/.well-known/webfinger?resource=acct:${author.username}@${host}`);
    expect(finger.status).toBe(200);
    expect(finger.headers.get('content-type')).toContain('application/jrd+json');
    const jrd = (await finger.json()) as { subject: string; links: { rel: string; type?: string; href: string }[] };
    expect(jrd.subject).toBe(`acct:${author.username}@${host}`);
    authorActor = jrd.links.find((l) => l.rel === 'self' && l.type === AP)!.href;

    const res = await fetch(authorActor, { headers: { accept: AP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(AP);
    const actor = (await res.json()) as Record<string, any>;
    expect(actor).toMatchObject({
      type: 'Person',
      id: authorActor,
      preferredUsername: author.username,
      name: 'Ada Author',
      url: `${a.url}/user/${author.username}`,
      inbox: `${authorActor}/inbox`,
      outbox: `${authorActor}/outbox`,
      followers: `${authorActor}/followers`,
    });
    expect(actor.icon.url).toMatch(new RegExp(`^${a.url}/`));
    expect(actor.publicKey.id).toBe(`${authorActor}#main-key`);
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(actor.assertionMethod).toHaveLength(2);

    // The keys are made once: a second look shows the same one.
    const again = (await (await fetch(authorActor, { headers: { accept: AP } })).json()) as Record<string, any>;
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
  });

  it('a follow from B is accepted by A, and A\'s publishing, editing and deleting reach B\'s inbox', async () => {
    await followRemoteActor(b.app.federation!, b.app.db, reader.session.username ? await userId(b, reader) : '', authorActor);
    const follower = await eventually(
      () => a.app.db.select().from(remoteFollowers),
      (rows) => rows.length === 1,
    );
    expect(follower).toHaveLength(1);
    expect(follower[0]!.actorId).toBe(`${b.url}/ap/users/${await userId(b, reader)}`);
    const following = await eventually(
      () => b.app.db.select().from(remoteFollowing),
      (rows) => rows[0]?.acceptedAt != null,
    );
    expect(following[0]!.acceptedAt).not.toBeNull();

    const followers = (await (await fetch(`${authorActor}/followers`, { headers: { accept: AP } })).json()) as { totalItems: number };
    expect(followers.totalItems).toBe(1);

    const blogId = await buildBlog(a.app, author, { title: 'Letters from the fells', tags: ['walking'] });
    const articleId = `${a.url}/blog/${blogId}`;
    const created = await eventually(
      () => b.app.db.select().from(remoteArticles).where(eq(remoteArticles.objectId, articleId)),
      (rows) => rows.length === 1,
    );
    expect(created[0]).toMatchObject({ name: 'Letters from the fells', lastActivity: 'Create', actorId: authorActor });
    expect(created[0]!.content).toContain('We left early.');
  });
});

async function userId(instance: Instance, user: TestUser): Promise<string> {
  const { users } = await import('../../db/schema/index.ts');
  const [row] = await instance.app.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
  return row!.id;
}

void post;
void unfollowRemoteActor;
