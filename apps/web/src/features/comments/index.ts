/** What other features use of the conversation: the panel, the comment box and deleting a comment. */
export { deleteComment } from './api/comments.ts';
export { CommentsPanel, type CommentCounts } from './comments-panel.tsx';
export { CommentField } from './components/comment-field.tsx';
export { DeleteCommentButton } from './components/delete-comment-button.tsx';
