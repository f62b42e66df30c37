import type { AddCommentBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/*
 * Comments are asked for as the signed-in reader, if any: each says whether the reader may delete it
 * (`can`). They load in the browser only, so the session is always there to send.
 */

/** One page of a blog's top-level comments, newest first; `blogId` is the Blog's blog_id. */
export const fetchBlogComments = (blogId: string, skip: number) =>
  api('/api/comment/get-blog-comments', {
    auth: true,
    body: { blog_id: blogId, skip },
  });

/** One page of a comment's direct replies, oldest first. */
export const fetchReplies = (commentId: string, skip: number) =>
  api('/api/comment/get-replies', { auth: true, body: { _id: commentId, skip } }).then((r) => r.replies);

export const addComment = (body: AddCommentBody) => api('/api/comment/add-comment', { auth: true, body });

/** Sends a comment or reply; the field hands the answered comment up to its thread. */
export const useAddComment = (config?: MutationConfig<ApiAnswer<'/api/comment/add-comment'>, AddCommentBody>) =>
  useApiMutation(addComment, config);

/** Answers the blog's comment counters once the comment and its replies are gone. */
export const deleteComment = (commentId: string) =>
  api('/api/comment/delete-comment', { auth: true, body: { _id: commentId } });

/** Deletes the comment and its replies; the panel takes them out with the answer's counters. */
export const useDeleteComment = (
  commentId: string,
  config?: MutationConfig<ApiAnswer<'/api/comment/delete-comment'>>,
) => useApiMutation(() => deleteComment(commentId), config);
