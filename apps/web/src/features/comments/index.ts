import { lazy } from 'react';

/**
 * What other features use of the conversation: the panel (its own chunk, loaded the first time a
 * reader opens it), the comment box and a comment's Delete.
 */
export const CommentsPanel = lazy(() => import('./comments-panel.tsx').then((m) => ({ default: m.CommentsPanel })));
export type { CommentCounts } from './comments-panel.tsx';
export { CommentField } from './components/comment-field.tsx';
export { DeleteCommentButton } from './components/delete-comment-button.tsx';
