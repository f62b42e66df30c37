import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MEMBER, ErrorMessages, type Comment, type ModerationLogResponse, type Role } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { counterMismatches } from '../../test/write-ledger.ts';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  owner = await buildUser(t.app);
});
afterAll(() => t.close());

const refusal = (code: keyof typeof ErrorMessages) => ({ error: ErrorMessages[code], code });
const deleteMember = (by: TestUser, whom: TestUser, confirm = whom.username) =>
  post(t.app, '/api/admin/delete-member', { username: whom.username, confirm, reason: 'Spam' }, by.token);
const profile = async (user: TestUser) => {
  const res = await post(t.app, '/api/user/get-profile', { username: user.username });
  return res.statusCode === 200 ? res.json().account_info : res.statusCode;
};
const homeCount = async () => (await post(t.app, '/api/blog/all-latest-blogs-count', {})).json().totalDocs;

describe('deleting a member', () => {
  it('takes the account and all it put in, and leaves everyone else’s counters exact', async () => {
    const [spammer, reader, fan] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const readersBlog = await fetchBlog(t.app, await buildBlog(t.app, reader, { tags: ['walking'] }), reader);
    const spamBlogs = [
      await fetchBlog(t.app, await buildBlog(t.app, spammer, { tags: ['walking', 'watches'] }), spammer),
      await fetchBlog(t.app, await buildBlog(t.app, spammer, { tags: ['watches'] }), spammer),
    ];
    await buildBlog(t.app, spammer, { draft: true });
    const countBefore = await homeCount();

    // The spammer likes, comments, replies and follows around; others answer, like and follow back.
    await post(t.app, '/api/blog/like-blog', { _id: readersBlog._id, isLikedByUser: false }, spammer.token);
    const spamComment = await buildComment(t.app, spammer, readersBlog, { comment: 'Cheap watches!' });
    await buildComment(t.app, reader, readersBlog, { comment: 'No thanks.', replying_to: spamComment._id });
    const readersComment = await buildComment(t.app, reader, readersBlog, { comment: 'My own note.' });
    await buildComment(t.app, spammer, readersBlog, { comment: 'Buy now', replying_to: readersComment._id });
    await post(t.app, '/api/blog/like-blog', { _id: spamBlogs[0]!._id, isLikedByUser: false }, reader.token);
    await buildComment(t.app, reader, spamBlogs[0]!, { comment: 'Is this real?' });
    await post(t.app, '/api/blog/bookmark', { _id: spamBlogs[0]!._id, isBookmarked: false }, reader.token);
    await post(t.app, '/api/user/follow', { username: reader.username, isFollowing: false }, spammer.token);
    await post(t.app, '/api/user/follow', { username: spammer.username, isFollowing: false }, fan.token);
    await post(t.app, '/api/user/follow', { username: reader.username, isFollowing: false }, fan.token);
    expect(await counterMismatches(t.app.db)).toEqual([]);

    expect((await deleteMember(owner, spammer, 'not-them')).json()).toEqual(refusal('confirmation_mismatch'));
    const res = await deleteMember(owner, spammer);
    expect(res.json()).toEqual({ username: spammer.username, deleted: true });

    expect(await counterMismatches(t.app.db)).toEqual([]);
    expect(await homeCount()).toBe(countBefore - 2);
    expect(await profile(spammer)).toBe(404);
    for (const blog of spamBlogs)
      expect((await post(t.app, '/api/blog/get-blog', { blog_id: blog.blog_id })).statusCode).toBe(404);
    // The reader's blog: the spammer's like gone; their comment the reader answered stays as "[deleted]",
    // with the answer under it; their reply nobody answered goes.
    const after = await fetchBlog(t.app, readersBlog.blog_id);
    expect(after.activity).toMatchObject({ total_likes: 0, total_comments: 3, total_parent_comments: 2 });
    const shown = (c: Comment) => [
      c.comment,
      c.commented_by.personal_info.fullname,
      c.commented_by.personal_info.username,
    ];
    const comments = await post(t.app, '/api/comment/get-blog-comments', { blog_id: readersBlog.blog_id });
    const [note, gone] = comments.json<Comment[]>() as [Comment, Comment];
    expect([note, gone].map(shown)).toEqual([
      ['My own note.', reader.fullname, reader.username],
      [DELETED_MEMBER, DELETED_MEMBER, ''],
    ]);
    const replies = async (c: Comment) =>
      (await post(t.app, '/api/comment/get-replies', { _id: c._id })).json<{ replies: Comment[] }>().replies.map(shown);
    expect(await replies(gone)).toEqual([['No thanks.', reader.fullname, reader.username]]);
    expect(await replies(note)).toEqual([]);
    expect(await profile(reader)).toMatchObject({ total_followers: 1, total_following: 0 });
    expect(await profile(fan)).toMatchObject({ total_following: 1 });
    expect((await post(t.app, '/api/user/reading-list-count', {}, reader.token)).json().totalDocs).toBe(0);
    // Their session is gone with the account.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(spammer.token) });
    expect(me.statusCode).toBe(401);
    const { entries } = (await post(t.app, '/api/admin/log', {}, owner.token)).json<ModerationLogResponse>();
    expect(entries[0]).toMatchObject({
      action: 'member_delete',
      target: { type: 'user', id: '', label: DELETED_MEMBER },
      reason: 'Spam',
    });
  });

  it('is for admins, on members ranked below them', async () => {
    const [admin, moderator, member] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const setRole = (whom: TestUser, role: Role) =>
      post(t.app, '/api/admin/member/role', { username: whom.username, role }, owner.token);
    expect((await setRole(admin, 'admin')).statusCode).toBe(200);
    expect((await setRole(moderator, 'moderator')).statusCode).toBe(200);
    expect((await deleteMember(moderator, member)).json()).toEqual(refusal('admin_only'));
    expect((await deleteMember(member, moderator)).json()).toEqual(refusal('admin_only'));
    expect((await deleteMember(admin, owner)).json()).toEqual(refusal('member_delete_forbidden'));
    expect((await deleteMember(admin, admin)).json()).toEqual(refusal('member_delete_forbidden'));
    expect(await profile(member)).toMatchObject({ total_posts: 0 });
  });
});
