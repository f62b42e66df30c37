/** What other features use of the conversation: the panel, the comment box and a comment's Delete. */
export { CommentsPanel, type CommentCounts } from './comments-panel.tsx';
export { CommentField } from './components/comment-field.tsx';
export { DeleteCommentButton } from './components/delete-comment-button.tsx';
