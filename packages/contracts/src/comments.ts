import { z } from 'zod';
import { PersonalInfo } from './blog.ts';
import { CommentMessages } from './comment-rules.ts';
import { ErrorMessages } from './error-codes.ts';
import { Limits } from './limits.ts';

/** Ids are uuids; anything else cannot name a row, so it is answered like an unknown one. */
const blogUuid = z.uuid(ErrorMessages.blog_not_found);
const commentUuid = z.uuid(ErrorMessages.comment_not_found);
const skip = z.number().int().min(0).max(1_000_000).default(0);

/**
 * `POST /api/comment/add-comment`: `_id` is the Blog's `_id`, `replying_to` a comment's `_id`.
 * `blog_author` is accepted as docs/api.md sends it but never used: the server takes the author from the blog.
 */
export const AddCommentBody = z.object({
  _id: blogUuid,
  comment: z.string().max(Limits.commentMax * 4, CommentMessages.commentTooLong),
  blog_author: z.string().max(200).optional(),
  replying_to: commentUuid.nullish(),
});
export type AddCommentBody = z.infer<typeof AddCommentBody>;

/**
 * `POST /api/comment/get-blog-comments`: `blog_id` names the blog by either identifier, its `_id`
 * (what the tutorial's client sends) or its `blog_id` (the slug, as the field's name says).
 */
export const GetBlogCommentsBody = z.object({ blog_id: z.string().min(1).max(300), skip });
export type GetBlogCommentsBody = z.infer<typeof GetBlogCommentsBody>;

export const GetRepliesBody = z.object({ _id: commentUuid, skip });
export type GetRepliesBody = z.infer<typeof GetRepliesBody>;

/** What the caller may do to a comment (policies.ts), beside docs/product/data.md's fields; anonymous: all false. */
export const CommentCan = z.object({ delete: z.boolean() });
export type CommentCan = z.infer<typeof CommentCan>;

export const DeleteCommentBody = z.object({ _id: commentUuid });

/**
 * What stands for a member who deleted their account wherever something of theirs outlives them:
 * their comments that others answered (their words, and the name over them), and the name in the
 * staff's records (the moderation log, invitations, bulk actions). docs/product/rules.md Deleting
 * an account.
 */
export const DELETED_MEMBER = '[deleted]';

/** docs/product/data.md Comment as the server sends it; `level` and the loaded flag are the web app's own. */
export const Comment = z.object({
  _id: z.string(),
  comment: z.string(),
  commentedAt: z.string(),
  commented_by: z.object({ personal_info: PersonalInfo }),
  /** Ids of the direct replies, oldest first. */
  children: z.array(z.string()),
  parent: z.string().nullable(),
  /** The Blog's `blog_id` (slug). */
  blog_id: z.string(),
  can: CommentCan,
});
export type Comment = z.infer<typeof Comment>;

/** A bare array, as the tutorial's server answers and its client reads (`data.map`). */
export const BlogCommentsResponse = z.array(Comment);
export const RepliesResponse = z.object({ replies: z.array(Comment) });

/** delete-comment's answer, which the original contract leaves open (docs/api.md): the blog's comment counters once the comment and all its replies are gone, and every comment that went: the one deleted and all replies under it. */
export const DeleteCommentResponse = z.object({
  status: z.literal('done'),
  deleted: z.array(z.string()),
  total_comments: z.number(),
  total_parent_comments: z.number(),
});
export type DeleteCommentResponse = z.infer<typeof DeleteCommentResponse>;
