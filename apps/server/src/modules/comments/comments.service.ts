import {
  canDeleteComment,
  Limits,
  commentError,
  type AddCommentBody,
  type Comment,
  type DeleteCommentResponse,
  type GetBlogCommentsBody,
  type GetRepliesBody,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { changed, countChanged, shows, Tags } from '../../plugins/cache-tags.ts';
import { refuseOnBlock } from '../blocks/index.ts';
import { blogActivity, lockBlog } from '../blogs/index.ts';
import { forgetDeletedComments } from '../notifications/index.ts';
import { presentComment } from './comments.presenter.ts';
import {
  anonymiseComments,
  blogsCommentedOnBy,
  deleteComments,
  findComment,
  findPublishedBlog,
  findPublishedComment,
  findSubtree,
  findThreadsOnlyBy,
  insertComment,
  listReplies,
  listTopLevelComments,
} from './comments.repository.ts';

/**
 * A comment on a published blog, or a reply to one of its comments at any depth, by a member with
 * no block between them and the blog's author (nor, for a reply, the comment's writer, if they are
 * still here). The row, the blog's counters and the notification change in one statement (insertComment).
 */
export async function addComment(db: Db, user: SessionUser, body: AddCommentBody): Promise<Comment> {
  const error = commentError(body.comment);
  if (error) throw badRequest(error);
  const text = body.comment.trim();
  const parentId = body.replying_to ?? null;
  const { blog, parentFound, withAuthor, withCommenter, stored } = await insertComment(db, {
    userId: user.id,
    blogId: body._id,
    parentId,
    text,
  });
  if (!blog) throw notFound('blog_not_found');
  if (!parentFound) throw notFound('comment_not_found');
  refuseOnBlock(withAuthor, 'blocked_by_author');
  refuseOnBlock(withCommenter, 'blocked_by_commenter');
  // A new comment reaches anonymous readers within the counts' lag, as its count does; its writer's
  // own reads carry their session and show it at once. A deletion goes at once (deleteThreads).
  countChanged(Tags.comments(body._id));
  blogActivity.changed(body._id);
  return presentComment(
    {
      ...stored!,
      comment: text,
      parentId,
      blogId: blog.slug,
      commentedBy: user.id,
      blogAuthorId: blog.authorId,
      removedByStaff: false,
      fullname: user.fullname,
      username: user.username,
      profileImg: user.profileImg,
      children: [],
    },
    user.id,
  );
}

/** A page of a published blog's top-level comments, newest first; none by a member the viewer blocked. */
export async function getBlogComments(
  db: Db,
  { blog_id, skip }: GetBlogCommentsBody,
  viewerId: string | null,
): Promise<Comment[]> {
  const blog = await findPublishedBlog(db, blog_id);
  if (!blog) throw notFound('blog_not_found');
  shows(Tags.comments(blog.id));
  const rows = await listTopLevelComments(db, viewerId, blog.id, skip, Limits.commentsPageSize);
  return rows.map((row) => presentComment(row, viewerId));
}

/** A page of a comment's direct replies, oldest first; none by a member the viewer blocked. */
export async function getReplies(db: Db, { _id, skip }: GetRepliesBody, viewerId: string | null) {
  const comment = await findPublishedComment(db, _id);
  if (!comment) throw notFound('comment_not_found');
  shows(Tags.comments(comment.blogId));
  const rows = await listReplies(db, viewerId, _id, skip, Limits.commentsPageSize);
  return { replies: rows.map((row) => presentComment(row, viewerId)) };
}

/** Deletes comments with every reply below them, under their blog's lock: its counters drop by exactly the rows removed. */
async function deleteThreads(tx: Executor, blogId: string, subtree: { id: string; top_level: boolean }[]) {
  const ids = subtree.map((row) => row.id);
  changed(Tags.comments(blogId));
  await forgetDeletedComments(tx, ids);
  await deleteComments(tx, ids);
  const totals = await blogActivity.add(tx, blogId, {
    comments: -ids.length,
    parents: -subtree.filter((row) => row.top_level).length,
  });
  return { ids, totals };
}

/**
 * A leaving member's comments on others' blogs (users' `leaving` event; those on their own blogs go
 * with the blogs): each that someone else replied to, at any depth, stays as DELETED_MEMBER
 * with no writer, so the thread others replied in keeps its shape; the rest go with their own
 * replies, as deleting them would, the blog's counters dropping by the rows removed. Blog by blog,
 * in id order.
 */
export async function anonymiseCommentsBy(tx: Executor, { userId }: { userId: string }) {
  for (const blogId of await blogsCommentedOnBy(tx, userId)) {
    await lockBlog(tx, blogId, { lock: 'update', readable: false });
    const alone = await findThreadsOnlyBy(tx, blogId, userId);
    if (alone.length > 0) await deleteThreads(tx, blogId, alone);
  }
  await anonymiseComments(tx, userId);
}

/**
 * The commenter or the blog's author deletes a comment with every reply below it and their
 * notifications; the blog's counters drop by exactly the rows removed. Answers the new counters.
 */
export async function deleteComment(db: Db, userId: string, id: string): Promise<DeleteCommentResponse> {
  return db.transaction(async (tx) => {
    const found = await findComment(tx, id);
    const blog = found && (await lockBlog(tx, found.blogId, { lock: 'update', readable: false }));
    // Read again under the blog's lock: a deletion of an ancestor may have taken it meanwhile.
    const comment = blog && (await findComment(tx, id));
    if (!blog || !comment) throw notFound('comment_not_found');
    if (!canDeleteComment(userId, { ...comment, blogAuthorId: blog.authorId }))
      throw forbidden('comment_delete_forbidden');

    const { ids, totals } = await deleteThreads(tx, blog.id, await findSubtree(tx, id));
    return {
      status: 'done',
      deleted: ids,
      total_comments: totals.totalComments,
      total_parent_comments: totals.totalParentComments,
    };
  });
}
