/*
 * Who may do what to a blog or a comment: each rule once. The server enforces them and tells the
 * viewer their outcome as a `can` object on the blog or comment it answers (all false for an
 * anonymous viewer); the web app shows its controls from that `can`, never from a copy of a rule.
 * A viewer is the signed-in user's id, or null.
 */

type Viewer = string | null;

/** A blog as the rules need it: whose it is. */
export interface BlogOwnership {
  authorId: string;
}

/** A comment as the rules need it: who wrote it, on whose blog. */
export interface CommentOwnership {
  commentedBy: string;
  blogAuthorId: string;
}

/** Only its author edits a blog (saves it again, publishes it, opens it in the editor). */
export const canEditBlog = (viewer: Viewer, blog: BlogOwnership): boolean =>
  viewer !== null && viewer === blog.authorId;

/** Only its author deletes a blog. */
export const canDeleteBlog = (viewer: Viewer, blog: BlogOwnership): boolean =>
  viewer !== null && viewer === blog.authorId;

/** The commenter or the blog's author deletes a comment (with its replies). */
export const canDeleteComment = (viewer: Viewer, comment: CommentOwnership): boolean =>
  viewer !== null && (viewer === comment.commentedBy || viewer === comment.blogAuthorId);

/** What the viewer may do to a blog: the `can` of get-blog's blog (BlogCan in blog.ts). */
export const blogCan = (viewer: Viewer, blog: BlogOwnership) => ({
  edit: canEditBlog(viewer, blog),
  delete: canDeleteBlog(viewer, blog),
});

/** What the viewer may do to a comment: the `can` of a Comment (CommentCan in comments.ts). */
export const commentCan = (viewer: Viewer, comment: CommentOwnership) => ({
  delete: canDeleteComment(viewer, comment),
});
