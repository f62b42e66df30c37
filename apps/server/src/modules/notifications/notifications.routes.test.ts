import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, Limits, type Blog, type Notification, type NotificationFilter } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
});
afterAll(() => t.close());

async function newBlog(title = 'Rivers and hills') {
  const author = await buildUser(t.app, { fullname: 'Blog Author' });
  return { author, blog: await fetchBlog(t.app, await buildBlog(t.app, author, { title }), author) };
}

const list = async (
  user: TestUser,
  body: { page?: number; filter?: NotificationFilter; deletedDocCount?: number } = {},
) => {
  const res = await post(t.app, '/notifications', { page: 1, filter: 'all', deletedDocCount: 0, ...body }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: Notification[] }>().notifications;
};
const count = async (user: TestUser, filter: NotificationFilter = 'all') =>
  (await post(t.app, '/api/notification/all-notifications-count', { filter }, user.token)).json<{ totalDocs: number }>()
    .totalDocs;
const hasNew = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notification/new-notification', headers: bearer(user.token) })).json()
    .new_notification_available;

/** A reader's like (or unlike) of a blog, through the API. */
async function like(blog: Blog, reader: TestUser, liked = true) {
  const res = await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: !liked }, reader.token);
  expect(res.statusCode, res.body).toBe(200);
}

const personalInfo = (user: TestUser) => ({
  fullname: user.fullname,
  username: user.username,
  profile_img: user.session.profile_img,
});

describe('who is told', () => {
  it('tells the blog author of a comment and the parent comment’s writer of a reply, with who, where and what', async () => {
    const { author, blog } = await newBlog('Rivers and hills');
    const ann = await buildUser(t.app, { fullname: 'Ann Reader' });
    const ben = await buildUser(t.app, { fullname: 'Ben Reader' });
    const comment = await buildComment(t.app, ann, blog, { comment: 'Where is this?' });
    const reply = await buildComment(t.app, ben, blog, { comment: 'The Lake District.', replying_to: comment._id });

    const blogRef = {
      _id: blog._id,
      blog_id: blog.blog_id,
      title: 'Rivers and hills',
      author: { personal_info: personalInfo(author) },
    };
    expect(await list(author)).toEqual([
      {
        _id: expect.any(String),
        type: 'comment',
        seen: false,
        createdAt: expect.any(String),
        user: { personal_info: personalInfo(ann) },
        blog: blogRef,
        // On the author's own blog: they may delete it.
        comment: { _id: comment._id, comment: 'Where is this?', can: { delete: true } },
        replied_on_comment: null,
        reply: null,
      },
    ]);
    expect(await list(ann)).toEqual([
      expect.objectContaining({
        type: 'reply',
        user: { personal_info: personalInfo(ben) },
        blog: blogRef,
        // Ben's reply on someone else's blog: not Ann's to delete.
        comment: { _id: reply._id, comment: 'The Lake District.', can: { delete: false } },
        replied_on_comment: { _id: comment._id, comment: 'Where is this?' },
        reply: null,
      }),
    ]);
    expect(await count(ben)).toBe(0);
  });

  it('never tells anyone of their own comment, reply or like', async () => {
    const { author, blog } = await newBlog();
    const own = await buildComment(t.app, author, blog);
    await buildComment(t.app, author, blog, { replying_to: own._id });
    await like(blog, author);
    const ann = await buildUser(t.app);
    const annComment = await buildComment(t.app, ann, blog);
    await buildComment(t.app, ann, blog, { replying_to: annComment._id });
    expect((await list(author)).map((n) => [n.type, n.user.personal_info.username])).toEqual([
      ['comment', ann.username],
    ]);
    expect(await count(ann)).toBe(0);
  });

  it('tells the author of a like and forgets it on unlike', async () => {
    const { author, blog } = await newBlog();
    const reader = await buildUser(t.app);
    await like(blog, reader);
    const [liked] = await list(author, { filter: 'like' });
    expect(liked).toMatchObject({
      type: 'like',
      user: { personal_info: personalInfo(reader) },
      comment: null,
      reply: null,
      replied_on_comment: null,
    });
    await like(blog, reader, false);
    expect(await count(author, 'like')).toBe(0);
  });
});

describe('POST /notifications and all-notifications-count', () => {
  it('lists newest first a page at a time, by filter, with matching counts', async () => {
    const { author, blog } = await newBlog();
    const readers = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const comments = [];
    for (let i = 0; i < Limits.notificationsPageSize + 2; i++)
      comments.push(await buildComment(t.app, readers[i % 3]!, blog, { comment: `C${i}` }));
    for (const reader of readers.slice(0, 2)) await like(blog, reader);
    const mine = await buildComment(t.app, author, blog, { comment: 'Mine' });
    await buildComment(t.app, readers[0]!, blog, { comment: 'R1', replying_to: mine._id });

    expect(await count(author)).toBe(Limits.notificationsPageSize + 5);
    expect(await count(author, 'comment')).toBe(Limits.notificationsPageSize + 2);
    expect(await count(author, 'like')).toBe(2);
    expect(await count(author, 'reply')).toBe(1);

    const page1 = await list(author);
    expect(page1.map((n) => n.type).slice(0, 3)).toEqual(['reply', 'like', 'like']);
    expect(page1).toHaveLength(Limits.notificationsPageSize);
    const page2 = await list(author, { page: 2 });
    // Page 1 is the reply, two likes and the seven newest comments.
    expect(page2.map((n) => n.comment?.comment)).toEqual(['C4', 'C3', 'C2', 'C1', 'C0']);
    const comments1 = await list(author, { filter: 'comment' });
    expect(comments1.map((n) => n.comment?.comment)).toEqual(
      comments
        .slice(2)
        .reverse()
        .map((c) => c.comment),
    );
    expect((await list(author, { filter: 'comment', page: 2 })).map((n) => n.comment?.comment)).toEqual(['C1', 'C0']);
    expect((await list(author, { filter: 'reply' })).map((n) => n.comment?.comment)).toEqual(['R1']);
  });

  it('skips fewer on later pages by deletedDocCount, after entries were deleted', async () => {
    const { author, blog } = await newBlog();
    const reader = await buildUser(t.app);
    const made = [];
    for (let i = 0; i < Limits.notificationsPageSize + 2; i++)
      made.push(await buildComment(t.app, reader, blog, { comment: `C${i}` }));
    const page1 = await list(author);
    // Deleting two comments of page 1 (from the notifications screen) takes their notifications along.
    for (const n of page1.slice(0, 2))
      expect((await post(t.app, '/api/comment/delete-comment', { _id: n.comment!._id }, author.token)).statusCode).toBe(
        200,
      );
    expect((await list(author, { page: 2, deletedDocCount: 2 })).map((n) => n.comment?.comment)).toEqual(['C1', 'C0']);
    expect(await count(author)).toBe(Limits.notificationsPageSize);
  });

  it('marks the listed entries seen, and new-notification says whether any unseen remain', async () => {
    const { author, blog } = await newBlog();
    const reader = await buildUser(t.app);
    expect(await hasNew(author)).toBe(false);
    for (let i = 0; i < Limits.notificationsPageSize + 1; i++)
      await buildComment(t.app, reader, blog, { comment: `C${i}` });
    expect(await hasNew(author)).toBe(true);

    // The listing shows them as they were, then they are seen; the eleventh (page 2) is not yet.
    expect((await list(author)).every((n) => !n.seen)).toBe(true);
    expect((await list(author)).every((n) => n.seen)).toBe(true);
    expect(await hasNew(author)).toBe(true);
    expect((await list(author, { page: 2 })).map((n) => n.seen)).toEqual([false]);
    expect(await hasNew(author)).toBe(false);
    // A filter marks only what it lists.
    await like(blog, reader);
    await list(author, { filter: 'reply' });
    expect(await hasNew(author)).toBe(true);
    await list(author, { filter: 'like' });
    expect(await hasNew(author)).toBe(false);
    // Sign-in carries the same flag (docs/product/data.md Session).
    await buildComment(t.app, reader, blog);
    const signIn = await post(t.app, '/api/user/signin', { email: author.email, password: author.password });
    expect(signIn.json().new_notification_available).toBe(true);
  });

  it('needs a session and a known filter; other unknown POST paths stay JSON 404s', async () => {
    const user = await buildUser(t.app);
    expect((await post(t.app, '/notifications', { page: 1 })).json()).toEqual({
      error: ErrorMessages.unauthorized,
      code: 'unauthorized',
    });
    expect((await post(t.app, '/api/notification/all-notifications-count', {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notification/new-notification' })).statusCode).toBe(401);
    const bad = await post(t.app, '/notifications', { page: 1, filter: 'everything' }, user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^filter must be one of /);
    expect(bad.json().code).toBe('validation_failed');
    expect((await post(t.app, '/notifications', { page: 0 }, user.token)).statusCode).toBe(400);
    const unknown = await post(t.app, '/notification', {}, user.token);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Not found', code: 'not_found' }]);
    // A browser opening /notifications gets the web app (which shows its not-found page), not the API.
    const page = await t.app.inject({ method: 'GET', url: '/notifications' });
    expect(page.headers['content-type']).toMatch(/^text\//);
  });
});

describe('replies and deletions seen from notifications', () => {
  it('shows the reader’s reply on the notification it answers, and keeps the notification when that reply is deleted', async () => {
    const { author, blog } = await newBlog();
    const reader = await buildUser(t.app);
    const comment = await buildComment(t.app, reader, blog, { comment: 'Question?' });
    const answer = await buildComment(t.app, author, blog, { comment: 'Answer.', replying_to: comment._id });
    const [notification] = await list(author);
    expect(notification).toMatchObject({
      type: 'comment',
      comment: { _id: comment._id },
      reply: { _id: answer._id, comment: 'Answer.' },
    });
    // The reader hears of the answer.
    expect((await list(reader)).map((n) => [n.type, n.comment?.comment, n.replied_on_comment?.comment])).toEqual([
      ['reply', 'Answer.', 'Question?'],
    ]);

    expect((await post(t.app, '/api/comment/delete-comment', { _id: answer._id }, author.token)).statusCode).toBe(200);
    expect(await list(author)).toEqual([expect.objectContaining({ _id: notification!._id, reply: null })]);
    expect(await count(reader)).toBe(0);
  });

  it('deleting a comment takes away the notifications of its whole subtree, and only those', async () => {
    const { author, blog } = await newBlog();
    const [ann, ben] = [await buildUser(t.app), await buildUser(t.app)];
    const root = await buildComment(t.app, ann, blog, { comment: 'Root' });
    const reply = await buildComment(t.app, ben, blog, { comment: 'Reply', replying_to: root._id });
    await buildComment(t.app, ann, blog, { comment: 'Deep', replying_to: reply._id });
    await buildComment(t.app, ben, blog, { comment: 'Other' });
    expect([await count(author), await count(ann), await count(ben)]).toEqual([2, 1, 1]);

    expect((await post(t.app, '/api/comment/delete-comment', { _id: root._id }, author.token)).statusCode).toBe(200);
    expect((await list(author)).map((n) => n.comment?.comment)).toEqual(['Other']);
    expect([await count(ann), await count(ben)]).toEqual([0, 0]);
  });
});
