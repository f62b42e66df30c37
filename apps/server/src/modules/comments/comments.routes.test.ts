import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentMessages,
  ErrorMessages,
  Limits,
  Messages,
  type Blog,
  type Comment,
  type DeleteCommentResponse,
  type FixedErrorCode,
} from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, commentCounts, fetchBlog } from '../../test/conversation.ts';
import { buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function newBlog(author?: TestUser) {
  const writer = author ?? (await buildUser(t.app, { fullname: 'Blog Author' }));
  const blog = await fetchBlog(t.app, await buildBlog(t.app, writer), writer);
  return { author: writer, blog };
}

/** A page of top-level comments; a client may name the blog by its slug (`blog_id`) or its `_id`. */
const topLevel = async (blog: Blog, skip = 0, by: 'blog_id' | '_id' = 'blog_id') => {
  const res = await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog[by], skip });
  expect(res.statusCode).toBe(200);
  return res.json<Comment[]>();
};
const replies = async (comment: Pick<Comment, '_id'>, skip = 0) => {
  const res = await post(t.app, '/api/comment/get-replies', { _id: comment._id, skip });
  expect(res.statusCode).toBe(200);
  return res.json<{ replies: Comment[] }>().replies;
};
const remove = (user: TestUser, comment: Pick<Comment, '_id'>) =>
  post(t.app, '/api/comment/delete-comment', { _id: comment._id }, user.token);

describe('POST /api/comment/add-comment', () => {
  it('answers the new comment in the docs/product/data.md shape, trimmed, and counts it on the blog', async () => {
    const { blog } = await newBlog();
    const reader = await buildUser(t.app, { fullname: 'Rita Reader' });
    const comment = await buildComment(t.app, reader, blog, {
      comment: '  What a walk!  ',
      blog_author: 'anyone at all',
    });

    expect(comment).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      comment: 'What a walk!',
      commentedAt: expect.any(String),
      commented_by: {
        personal_info: { fullname: 'Rita Reader', username: reader.username, profile_img: reader.session.profile_img },
      },
      children: [],
      parent: null,
      blog_id: blog.blog_id,
      can: { delete: true },
    });
    expect(Date.now() - Date.parse(comment.commentedAt)).toBeLessThan(60_000);
    expect((await topLevel(blog)).map((c) => c._id)).toEqual([comment._id]);
    const { activity } = await fetchBlog(t.app, blog.blog_id);
    expect(activity).toMatchObject({ total_comments: 1, total_parent_comments: 1 });
  });

  it("refuses an empty or too long comment with docs/product/rules.md's message, and counts nothing", async () => {
    const { blog } = await newBlog();
    const reader = await buildUser(t.app);
    for (const [text, message, code] of [
      ['', Messages.commentEmpty, 'comment_empty'],
      ['   \n\t ', Messages.commentEmpty, 'comment_empty'],
      ['x'.repeat(Limits.commentMax + 1), CommentMessages.commentTooLong, 'comment_too_long'],
    ] as const) {
      const res = await post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: text }, reader.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code });
    }
    await buildComment(t.app, reader, blog, { comment: 'x'.repeat(Limits.commentMax) });
    expect((await commentCounts(t.app, blog._id)).counters).toEqual({ total: 1, parents: 1 });
  });

  it('needs a session, a published blog and a comment of that blog to reply to', async () => {
    const { author, blog } = await newBlog();
    const reader = await buildUser(t.app);
    const anonymous = await post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: 'Hi' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });

    const draft = await fetchBlog(t.app, await buildBlog(t.app, author, { draft: true }), author);
    const cases: [object, number, FixedErrorCode][] = [
      [{ _id: draft._id }, 404, 'blog_not_found'],
      [{ _id: '00000000-0000-4000-8000-000000000000' }, 404, 'blog_not_found'],
      [{ _id: 'not-a-uuid' }, 400, 'blog_not_found'],
      [{ _id: blog._id, replying_to: 'nope' }, 400, 'comment_not_found'],
      [{ _id: blog._id, replying_to: '00000000-0000-4000-8000-000000000000' }, 404, 'comment_not_found'],
    ];
    const elsewhere = (await newBlog()).blog;
    const foreign = await buildComment(t.app, reader, elsewhere);
    cases.push([{ _id: blog._id, replying_to: foreign._id }, 404, 'comment_not_found']);
    for (const [body, status, code] of cases) {
      const res = await post(t.app, '/api/comment/add-comment', { comment: 'Hi', ...body }, reader.token);
      expect([res.statusCode, res.json()]).toEqual([status, { error: ErrorMessages[code], code }]);
    }
    expect((await commentCounts(t.app, blog._id)).counters).toEqual({ total: 0, parents: 0 });
    expect((await commentCounts(t.app, draft._id)).counters).toEqual({ total: 0, parents: 0 });
  });

  it('allows 10 comments a minute per user, then answers 429 with Retry-After', async () => {
    const { blog } = await newBlog();
    const chatty = await buildUser(t.app);
    for (let i = 0; i < 10; i++) await buildComment(t.app, chatty, blog, { comment: `Comment ${i}` });
    const res = await post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: 'One more' }, chatty.token);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many comments\. Please try again in \d+ (second|minute)s?\.$/);
    expect(res.json().code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held back.
    await buildComment(t.app, await buildUser(t.app), blog);
    expect((await commentCounts(t.app, blog._id)).counters).toEqual({ total: 11, parents: 11 });
  });
});

describe('threads', () => {
  it('nests replies to any depth: each lists its direct replies and loads them on demand', async () => {
    const { blog } = await newBlog();
    const [ann, ben] = [await buildUser(t.app), await buildUser(t.app)];
    const root = await buildComment(t.app, ann, blog, { comment: 'Root' });
    const level1 = await buildComment(t.app, ben, blog, { comment: 'Level 1', replying_to: root._id });
    const level2 = await buildComment(t.app, ann, blog, { comment: 'Level 2', replying_to: level1._id });
    const level3 = await buildComment(t.app, ben, blog, { comment: 'Level 3', replying_to: level2._id });
    const sibling = await buildComment(t.app, ann, blog, { comment: 'Level 1 again', replying_to: root._id });

    expect(level3).toMatchObject({ parent: level2._id, children: [] });
    const [listedRoot] = await topLevel(blog);
    expect(listedRoot).toMatchObject({ _id: root._id, children: [level1._id, sibling._id] });
    expect(await topLevel(blog)).toHaveLength(1);
    expect((await replies(root)).map((c) => [c.comment, c.parent, c.children])).toEqual([
      ['Level 1', root._id, [level2._id]],
      ['Level 1 again', root._id, []],
    ]);
    expect((await replies(level1)).map((c) => c._id)).toEqual([level2._id]);
    expect((await replies(level2)).map((c) => c._id)).toEqual([level3._id]);
    expect(await replies(level3)).toEqual([]);
    expect((await commentCounts(t.app, blog._id)).counters).toEqual({ total: 5, parents: 1 });
  });

  it('lists a blog’s comments as a bare array, whether the blog is named by its _id or its blog_id', async () => {
    const { blog } = await newBlog();
    const first = await buildComment(t.app, await buildUser(t.app), blog, { comment: 'First' });
    const second = await buildComment(t.app, await buildUser(t.app), blog, { comment: 'Second' });
    for (const by of ['_id', 'blog_id'] as const) {
      const res = await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog[by], skip: 0 });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
      expect(res.json<Comment[]>().map((c) => c._id)).toEqual([second._id, first._id]);
      expect((await topLevel(blog, 1, by)).map((c) => c.comment)).toEqual(['First']);
    }
  });

  it('pages top-level comments newest first and replies oldest first by skip', async () => {
    const { blog } = await newBlog();
    const writers = [await buildUser(t.app), await buildUser(t.app)];
    const extra = 2;
    const made: Comment[] = [];
    for (let i = 0; i < Limits.commentsPageSize + extra; i++) {
      made.push(await buildComment(t.app, writers[i % 2]!, blog, { comment: `Top ${i}` }));
    }
    const page1 = await topLevel(blog);
    const page2 = await topLevel(blog, page1.length);
    expect(page1.map((c) => c.comment)).toEqual(
      made
        .slice(extra)
        .reverse()
        .map((c) => c.comment),
    );
    expect(page2.map((c) => c.comment)).toEqual(['Top 1', 'Top 0']);

    const parent = made[0]!;
    const answers: string[] = [];
    for (let i = 0; i < Limits.commentsPageSize + extra; i++) {
      answers.push(
        (await buildComment(t.app, await buildUser(t.app), blog, { comment: `Reply ${i}`, replying_to: parent._id }))
          .comment,
      );
    }
    const first = await replies(parent);
    expect(first.map((c) => c.comment)).toEqual(answers.slice(0, Limits.commentsPageSize));
    expect((await replies(parent, first.length)).map((c) => c.comment)).toEqual(answers.slice(Limits.commentsPageSize));
  });

  it('lists nothing for unknown or draft blogs and comments', async () => {
    const { author, blog } = await newBlog();
    const comment = await buildComment(t.app, await buildUser(t.app), blog);
    // Taken back to a draft: its comments go out of sight with it.
    await post(t.app, '/api/blog/create-blog', publishableBlog({ id: blog.blog_id, draft: true }), author.token);
    const hidden = await post(t.app, '/api/comment/get-replies', { _id: comment._id, skip: 0 });
    expect([hidden.statusCode, hidden.json()]).toEqual([
      404,
      { error: ErrorMessages.comment_not_found, code: 'comment_not_found' },
    ]);
    const draft = await fetchBlog(t.app, await buildBlog(t.app, author, { draft: true }), author);
    const unknownUuid = '00000000-0000-4000-8000-000000000000';
    for (const blog_id of [draft.blog_id, draft._id, blog.blog_id, blog._id, 'no-such-blog', unknownUuid]) {
      const res = await post(t.app, '/api/comment/get-blog-comments', { blog_id, skip: 0 });
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { error: ErrorMessages.blog_not_found, code: 'blog_not_found' },
      ]);
    }
    const unknown = await post(t.app, '/api/comment/get-replies', {
      _id: '00000000-0000-4000-8000-000000000000',
      skip: 0,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { error: ErrorMessages.comment_not_found, code: 'comment_not_found' },
    ]);
    const malformed = await post(t.app, '/api/comment/get-replies', { _id: "1' or '1'='1" });
    expect([malformed.statusCode, malformed.json()]).toEqual([
      400,
      { error: ErrorMessages.comment_not_found, code: 'comment_not_found' },
    ]);
    expect((await post(t.app, '/api/comment/get-blog-comments', { blog_id: 'x', skip: -1 })).statusCode).toBe(400);
  });
});

describe('POST /api/comment/delete-comment', () => {
  /** Root with two replies, the first of which has a reply of its own; plus an unrelated comment. */
  async function thread() {
    const { author, blog } = await newBlog();
    const [ann, ben] = [await buildUser(t.app), await buildUser(t.app)];
    const root = await buildComment(t.app, ann, blog, { comment: 'Root' });
    const reply = await buildComment(t.app, ben, blog, { comment: 'Reply', replying_to: root._id });
    const deep = await buildComment(t.app, ann, blog, { comment: 'Deep', replying_to: reply._id });
    const second = await buildComment(t.app, author, blog, { comment: 'Second reply', replying_to: root._id });
    const other = await buildComment(t.app, ben, blog, { comment: 'Other' });
    return { author, blog, ann, ben, root, reply, deep, second, other };
  }

  it('removes a reply with its replies and lowers the counters by exactly that', async () => {
    const { blog, ben, root, reply, deep, second } = await thread();
    expect((await commentCounts(t.app, blog._id)).counters).toEqual({ total: 5, parents: 2 });
    const res = await remove(ben, reply);
    expect(res.statusCode).toBe(200);
    const { deleted, ...counts } = res.json<DeleteCommentResponse>();
    expect(counts).toEqual({ status: 'done', total_comments: 3, total_parent_comments: 2 });
    expect(deleted.toSorted()).toEqual([reply._id, deep._id].toSorted());
    expect(await commentCounts(t.app, blog._id)).toEqual({
      counters: { total: 3, parents: 2 },
      rows: { total: 3, parents: 2 },
    });
    expect((await replies(root)).map((c) => c._id)).toEqual([second._id]);
    expect((await topLevel(blog)).find((c) => c._id === root._id)?.children).toEqual([second._id]);
  });

  it('lets the blog author remove any comment: the whole subtree goes and the other thread stays', async () => {
    const { author, blog, root, reply, deep, second, other } = await thread();
    const res = await remove(author, root);
    const { deleted, ...counts } = res.json<DeleteCommentResponse>();
    expect(counts).toEqual({ status: 'done', total_comments: 1, total_parent_comments: 1 });
    expect(deleted.toSorted()).toEqual([root._id, reply._id, deep._id, second._id].toSorted());
    expect(await commentCounts(t.app, blog._id)).toEqual({
      counters: { total: 1, parents: 1 },
      rows: { total: 1, parents: 1 },
    });
    expect((await topLevel(blog)).map((c) => c._id)).toEqual([other._id]);
    expect((await remove(author, root)).statusCode).toBe(404);
  });

  it('refuses anyone but the commenter or the blog author (403), strangers and bad ids', async () => {
    const { blog, ann, ben, reply, deep } = await thread();
    const stranger = await buildUser(t.app);
    for (const [user, comment] of [
      [stranger, deep],
      [ann, reply], // replying to a comment gives no right over it
      [ben, deep], // nor does being replied to
    ] as const) {
      const res = await remove(user, comment);
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { error: ErrorMessages.comment_delete_forbidden, code: 'comment_delete_forbidden' },
      ]);
    }
    expect((await post(t.app, '/api/comment/delete-comment', { _id: deep._id })).statusCode).toBe(401);
    const malformed = await post(t.app, '/api/comment/delete-comment', { _id: 42 }, ann.token);
    expect([malformed.statusCode, malformed.json()]).toEqual([
      400,
      { error: ErrorMessages.comment_not_found, code: 'comment_not_found' },
    ]);
    expect((await commentCounts(t.app, blog._id)).counters).toEqual({ total: 5, parents: 2 });
  });
});

describe('what the caller may do to a comment: `can`', () => {
  /** Ann's comment on the author's blog, and Ben's reply to it. */
  async function conversation() {
    const { author, blog } = await newBlog();
    const [ann, ben] = [await buildUser(t.app), await buildUser(t.app)];
    const comment = await buildComment(t.app, ann, blog, { comment: 'Root' });
    const reply = await buildComment(t.app, ben, blog, { comment: 'Reply', replying_to: comment._id });
    return { author, blog, ann, ben, comment, reply };
  }
  const asSeenBy = async (user: TestUser | undefined, blog: Blog, parent: Comment) => {
    const top = await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id, skip: 0 }, user?.token);
    const below = await post(t.app, '/api/comment/get-replies', { _id: parent._id, skip: 0 }, user?.token);
    return { comment: top.json<Comment[]>()[0]!.can, reply: below.json<{ replies: Comment[] }>().replies[0]!.can };
  };

  it('tells the commenter and the blog’s author they may delete it, and nobody else (anonymous neither)', async () => {
    const { author, blog, ann, ben, comment, reply } = await conversation();
    expect(comment.can).toEqual({ delete: true });
    expect(reply.can).toEqual({ delete: true });
    const stranger = await buildUser(t.app);
    // Anonymous first: its answer is cached, and must not reach a signed-in caller.
    for (const [user, expected] of [
      [undefined, { comment: false, reply: false }],
      [stranger, { comment: false, reply: false }],
      [ann, { comment: true, reply: false }],
      [ben, { comment: false, reply: true }],
      [author, { comment: true, reply: true }],
    ] as const) {
      expect(await asSeenBy(user, blog, comment)).toEqual({
        comment: { delete: expected.comment },
        reply: { delete: expected.reply },
      });
    }
  });

  it('refuses a delete exactly when `can` says no: one rule, two uses', async () => {
    for (const who of ['stranger', 'ann', 'ben', 'author'] as const) {
      const { blog, comment, ...people } = await conversation();
      const user = who === 'stranger' ? await buildUser(t.app) : people[who];
      const { comment: can } = await asSeenBy(user, blog, comment);
      expect(can.delete, who).toBe(who === 'ann' || who === 'author');
      const res = await remove(user, comment);
      expect([res.statusCode, res.json().error, res.json().code], who).toEqual(
        can.delete
          ? [200, undefined, undefined]
          : [403, ErrorMessages.comment_delete_forbidden, 'comment_delete_forbidden'],
      );
    }
  });
});
