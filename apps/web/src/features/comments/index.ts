/** What other features may use of the conversation: the comment box and deleting a comment. */
export { deleteComment } from './api/comments.ts';
export { CommentField } from './components/comment-field.tsx';
export { DeleteCommentButton } from './components/delete-comment-button.tsx';
