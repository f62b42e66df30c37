import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MEMBER, IMAGE_KEY, type Comment, type ModerationLogResponse } from '@inkwell/contracts';
import { federationKv, images, jobs, remoteArticles, remoteFollowers, remoteFollowing } from '../../db/schema/index.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { rowsHolding } from '../../test/database-scan.ts';
import { buildBlog, buildUser, post, publishableBlog, uploadImage, type TestUser } from '../../test/factories.ts';
import { startFederationInstance, userIdOf, type FederationInstance } from '../../test/federation-instance.ts';
import { fixtureImage } from '../../test/images.ts';
import { counterMismatches } from '../../test/write-ledger.ts';
import { followRemoteActor } from '../federation/remote-follows.ts';

/*
 * Issue 29's proof that a member who leaves leaves nothing that names them: a member with all a
 * member can have here (and a follower on another server) deletes their account; once the jobs
 * it left have run, no column of any row of any table holds their id, username, e-mail or name.
 * Their comments that others answered stay, as "[deleted]", with the answers under them.
 */

const AP = 'application/activity+json';

let a: FederationInstance;
let b: FederationInstance;
let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'inkwell-leaving-'));
  [a, b] = await Promise.all([
    startFederationInstance({ FETCH_ALLOW_HOSTS: '127.0.0.1', UPLOADS_DIR: uploadsDir, RATE_LIMIT_MULTIPLIER: '100' }),
    startFederationInstance(),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** Every job due on both servers, until neither has any (a delivery may queue an answer). */
async function settle() {
  while ((await a.app.jobs.runDue()) + (await b.app.jobs.runDue()) > 0);
}
const as = (user: TestUser) => (url: string, body: object) => post(a.app, url, body, user.token);
const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const filesOf = (url: string) => {
  const hash = IMAGE_KEY.exec(url.split('/uploads/')[1] ?? '')![1]!;
  return [url.split('/uploads/')[1]!, `${hash}-200w.webp`, `${hash}-1600w.webp`, `${hash}-share.jpg`].map((file) =>
    path.join(uploadsDir, file),
  );
};

describe('a member deleting their account', () => {
  it('leaves no row that names them, but their comments others answered, as "[deleted]"', async () => {
    const owner = await buildUser(a.app, { fullname: 'Olive Owner' });
    const leaver = await buildUser(a.app, {
      fullname: 'Quillon Leavesworth',
      email: `quillon.${Date.now().toString(36)}@leavingdomain.com`,
    });
    const [reader, friend, pest] = [
      await buildUser(a.app, { fullname: 'Rita Reader' }),
      await buildUser(a.app, { fullname: 'Fred Friend' }),
      await buildUser(a.app, { fullname: 'Pat Pest' }),
    ];
    const leaverId = await userIdOf(a, leaver);
    const leaverActor = `${a.url}/ap/users/${leaverId}`;
    const remote = await buildUser(b.app, { fullname: 'Remy Remote' });
    const remoteActor = `${b.url}/ap/users/${await userIdOf(b, remote)}`;
    const [byLeaver, byOwner, byReader, byFriend] = [as(leaver), as(owner), as(reader), as(friend)];

    // The fediverse: someone on B follows them, and they follow someone there.
    await followRemoteActor(b.app.federation!, b.app.db, await userIdOf(b, remote), leaverActor);
    await followRemoteActor(a.app.federation!, a.app.db, leaverId, remoteActor);
    await settle();

    // Images: one only they use, and one whose bytes a friend uploaded again and shows.
    const own = await uploadImage(a.app, leaver, await fixtureImage('png', 90, 60));
    const sharedBytes = await fixtureImage('jpeg', 70, 50);
    const shared = await uploadImage(a.app, leaver, sharedBytes);
    expect((await uploadImage(a.app, friend, sharedBytes)).url).toBe(shared.url);
    await ok(byLeaver('/api/user/update-profile-img', { url: own.url }));
    const imageBlock = { id: 'i1', type: 'image', data: { file: { url: own.url }, caption: '', alt: 'A hill' } };
    const content = [{ time: 1, blocks: [...publishableBlog().content[0]!.blocks, imageBlock] }];

    // Their blogs: one published (then edited: revisions), a draft with a preview link.
    const leaversBlog = await buildBlog(a.app, leaver, { title: 'Notes before leaving', banner: own.url, content });
    await ok(byLeaver('/api/blog/create-blog', publishableBlog({ id: leaversBlog, title: 'Last notes', content })));
    const draft = await buildBlog(a.app, leaver, { title: 'Unfinished', draft: true });
    await ok(byLeaver('/api/blog/preview-link', { blog_id: draft }));
    const readersBlog = await fetchBlog(a.app, await buildBlog(a.app, reader, { title: 'A reader writes' }), reader);
    const friendsBlog = await fetchBlog(a.app, await buildBlog(a.app, friend, { banner: shared.url }), friend);
    const leaversPage = await fetchBlog(a.app, leaversBlog, leaver);

    // Likes, follows, bookmarks and blocks, both ways.
    await ok(byLeaver('/api/blog/like-blog', { _id: readersBlog._id, isLikedByUser: false }));
    await ok(byReader('/api/blog/like-blog', { _id: leaversPage._id, isLikedByUser: false }));
    await ok(byLeaver('/api/user/follow', { username: reader.username, isFollowing: false }));
    await ok(byReader('/api/user/follow', { username: leaver.username, isFollowing: false }));
    await ok(byLeaver('/api/blog/bookmark', { _id: readersBlog._id, isBookmarked: false }));
    await ok(byReader('/api/blog/bookmark', { _id: leaversPage._id, isBookmarked: false }));
    await ok(byLeaver('/api/user/block', { username: pest.username, block: true }));

    // E-mail subscriptions: theirs (signed in, and as a visitor with their address), and to them.
    await ok(byLeaver('/api/user/subscribe', { username: reader.username }));
    await ok(post(a.app, '/api/user/subscribe', { username: friend.username, email: leaver.email }));
    await ok(byReader('/api/user/subscribe', { username: leaver.username }));
    await ok(post(a.app, '/api/user/subscribe', { username: leaver.username, email: 'visitor@elsewhere.com' }));

    // Comments: one the reader answered (and a friend under that), one nobody answered, replies both ways.
    const answered = await buildComment(a.app, leaver, readersBlog, { comment: 'Lovely walk, Rita.' });
    const answer = await buildComment(a.app, reader, readersBlog, { comment: 'Thanks!', replying_to: answered._id });
    await buildComment(a.app, friend, readersBlog, { comment: 'Agreed.', replying_to: answer._id });
    await buildComment(a.app, leaver, readersBlog, { comment: 'You are welcome.', replying_to: answer._id });
    await buildComment(a.app, leaver, friendsBlog, { comment: 'Nobody answers this one.' });
    await buildComment(a.app, reader, leaversPage, { comment: 'Great notes.' });

    // Reports: theirs, of them, and of their comment.
    const report = (by: typeof byLeaver, target: object) => ok(by('/api/report', { target, reason: 'spam' }));
    await report(byLeaver, { type: 'blog', blog_id: friendsBlog.blog_id });
    await report(byFriend, { type: 'user', username: leaver.username });
    await report(byReader, { type: 'comment', comment_id: answered._id });

    // The staff's records: as an admin they invite, block a domain, hide and show a blog, start a
    // bulk action; the owner acts on them (a bulk action among it) and hands them nothing more.
    await ok(byOwner('/api/admin/member/role', { username: leaver.username, role: 'admin', reason: 'Helps out' }));
    await ok(byLeaver('/api/admin/create-invite', { note: 'For a friend' }));
    await ok(byLeaver('/api/admin/block-email-domain', { domain: 'spam.example', reason: 'Spam' }));
    await ok(byLeaver('/api/admin/hide-blog', { blog_id: friendsBlog.blog_id, reason: 'Check' }));
    await ok(byLeaver('/api/admin/unhide-blog', { blog_id: friendsBlog.blog_id, reason: 'Fine' }));
    const pestFilter = { query: pest.username };
    await ok(
      byLeaver('/api/admin/bulk-standing', { filter: pestFilter, standing: 'silenced', reason: 'x', expected: 1 }),
    );
    await settle();
    // The site handed to them and back: two lines whose detail names them.
    await ok(byOwner('/api/admin/transfer-ownership', { username: leaver.username, reason: 'Away' }));
    await ok(byLeaver('/api/admin/transfer-ownership', { username: owner.username, reason: 'Back' }));
    await ok(byOwner('/api/admin/member/role', { username: leaver.username, role: 'member', reason: 'Leaving' }));
    const theirDomain = { query: 'leavingdomain' };
    await ok(
      byOwner('/api/admin/bulk-standing', { filter: theirDomain, standing: 'silenced', reason: 'x', expected: 1 }),
    );
    await settle();
    await ok(byOwner('/api/admin/member/standing', { username: leaver.username, standing: 'active', reason: 'Ok' }));

    // Sessions on two devices, a password reset asked for, and a job given up that named them.
    await ok(post(a.app, '/api/user/signin', { email: leaver.email, password: leaver.password }));
    await ok(post(a.app, '/api/user/forgot-password', { email: leaver.email }));
    await a.app.db.insert(jobs).values({
      queue: 'staff-action-mail',
      payload: { memberId: leaverId, logLineId: leaverId },
      failedAt: new Date(),
      lastError: 'SMTP down',
    });
    await settle();
    const onB = {
      following: () => b.app.db.select().from(remoteFollowing).where(eq(remoteFollowing.actorId, leaverActor)),
      followers: () => b.app.db.select().from(remoteFollowers).where(eq(remoteFollowers.actorId, leaverActor)),
      articles: () => b.app.db.select().from(remoteArticles).where(eq(remoteArticles.actorId, leaverActor)),
    };
    expect((await onB.following()).map((row) => row.acceptedAt !== null)).toEqual([true]);
    expect(await onB.followers()).toHaveLength(1);
    expect((await onB.articles()).map((row) => [row.name, row.lastActivity !== 'Delete'])).toEqual([
      ['Last notes', true],
    ]);
    const needles = [leaverId, leaver.username, leaver.email, leaver.fullname];
    expect((await rowsHolding(a.app.db, needles)).length).toBeGreaterThan(50);
    expect(await counterMismatches(a.app.db)).toEqual([]);

    const res = await post(a.app, '/api/account/delete', { password: leaver.password }, leaver.token);
    expect(res.json()).toEqual({ deleted: true });
    await settle();

    // Nothing names them: no id, username, address or name in any column of any row.
    expect(await rowsHolding(a.app.db, needles)).toEqual([]);
    // The staff's log keeps what was done to and by them, naming "[deleted]".
    const log = (await post(a.app, '/api/admin/log', {}, owner.token)).json<ModerationLogResponse>().entries;
    expect(log.filter((line) => line.action === 'transfer_ownership').map((line) => line.detail)).toEqual([
      `${DELETED_MEMBER} → ${owner.username}`,
      `${owner.username} → ${DELETED_MEMBER}`,
    ]);
    expect(await counterMismatches(a.app.db)).toEqual([]);

    // The thread they were part of keeps its shape: their answered comment is "[deleted]", the
    // answers under it stay; their replies nobody answered, and their lone comment, went.
    const shown = (c: Comment) => [
      c.comment,
      c.commented_by.personal_info.fullname,
      c.commented_by.personal_info.username,
    ];
    const top = (await post(a.app, '/api/comment/get-blog-comments', { blog_id: readersBlog.blog_id })).json<
      Comment[]
    >();
    expect(top.map(shown)).toEqual([[DELETED_MEMBER, DELETED_MEMBER, '']]);
    const replies = async (c: Comment) =>
      (await post(a.app, '/api/comment/get-replies', { _id: c._id })).json<{ replies: Comment[] }>().replies;
    const [answerNow] = await replies(top[0]!);
    expect(shown(answerNow!)).toEqual(['Thanks!', reader.fullname, reader.username]);
    expect((await replies(answerNow!)).map(shown)).toEqual([['Agreed.', friend.fullname, friend.username]]);
    expect((await fetchBlog(a.app, readersBlog.blog_id)).activity).toMatchObject({
      total_likes: 0,
      total_comments: 3,
      total_parent_comments: 1,
    });
    expect((await fetchBlog(a.app, friendsBlog.blog_id)).activity.total_comments).toBe(0);
    expect((await post(a.app, '/api/blog/get-blog', { blog_id: leaversBlog })).statusCode).toBe(404);

    // Their image's files went; the one a friend shows stays, nobody's now.
    expect(filesOf(own.url).filter(existsSync)).toEqual([]);
    expect(filesOf(shared.url).every(existsSync)).toBe(true);
    const imageRows = await a.app.db.select().from(images);
    expect(imageRows.map((row) => [row.key, row.ownerId])).toEqual(
      expect.arrayContaining([[shared.url.split('/uploads/')[1], null]]),
    );
    expect(imageRows.some((row) => own.url.endsWith(row.key))).toBe(false);

    // The fediverse was told, signed with their key: B took a Delete of their post and one of
    // their actor, and so forgot them, their post and their follows.
    const taken = (await b.app.db.select({ key: federationKv.key }).from(federationKv)).map((row) => row.key);
    const deletes = taken.filter((key) => key.includes('activityIdempotence') && key.includes('#delete-'));
    expect(deletes).toHaveLength(2);
    expect(deletes).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${a.url}/blog/${leaversBlog}#delete-`),
        expect.stringContaining(`${leaverActor}#delete-`),
      ]),
    );
    expect(await onB.following()).toEqual([]);
    expect(await onB.followers()).toEqual([]);
    expect(await onB.articles()).toEqual([]);
    // And their actor is no one here now.
    expect((await fetch(leaverActor, { headers: { accept: AP } })).status).toBe(404);
    const host = new URL(a.url).host;
    const finger = await fetch(`${a.url}/.well-known/webfinger?resource=acct:${leaver.username}@${host}`);
    expect(finger.status).toBe(404);

    // Signing in again fails, as for an address nobody has.
    const again = await post(a.app, '/api/user/signin', { email: leaver.email, password: leaver.password });
    expect(again.json()).toMatchObject({ code: 'wrong_credentials' });
  });

  it('gives a farewell no inbox takes up once its tries are over, and keeps nothing of it', async () => {
    const leaver = await buildUser(a.app, { fullname: 'Gale Goneaway' });
    const leaverId = await userIdOf(a, leaver);
    // Their actor is fetched once (its keys are made), and a follower elsewhere never answers.
    expect((await fetch(`${a.url}/ap/users/${leaverId}`, { headers: { accept: AP } })).status).toBe(200);
    await a.app.db.insert(remoteFollowers).values({
      userId: leaverId,
      actorId: 'http://127.0.0.1:9/ap/users/nobody',
      inbox: 'http://127.0.0.1:9/ap/users/nobody/inbox',
      followId: 'http://127.0.0.1:9/follows/1',
    });
    await buildBlog(a.app, leaver, { title: 'Shouting into the void' });
    expect((await post(a.app, '/api/account/delete', { password: leaver.password }, leaver.token)).statusCode).toBe(
      200,
    );
    await a.app.jobs.runDue();
    // The deliveries failed and wait for their next try; at their last, they are let go, not kept.
    const waiting = await a.app.db.select().from(jobs).where(eq(jobs.queue, 'federation-delivery'));
    expect(waiting.map((job) => [job.attempts, job.failedAt])).toEqual([
      [1, null],
      [1, null],
    ]);
    await a.app.db.update(jobs).set({ attempts: 39, runAt: new Date() }).where(eq(jobs.queue, 'federation-delivery'));
    await a.app.jobs.runDue();
    expect(await a.app.db.select().from(jobs).where(like(jobs.queue, 'federation-%'))).toEqual([]);
    expect(await rowsHolding(a.app.db, [leaverId, leaver.username, leaver.email, leaver.fullname])).toEqual([]);
  });
});
