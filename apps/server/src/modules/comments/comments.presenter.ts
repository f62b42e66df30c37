import { commentCan, type Comment } from '@inkwell/contracts';
import type { CommentRow } from './comments.repository.ts';

/** docs/product/data.md Comment, and what `viewerId` (null: anonymous) may do to it. */
export function presentComment(row: CommentRow, viewerId: string | null): Comment {
  return {
    _id: row.id,
    comment: row.comment,
    commentedAt: row.createdAt.toISOString(),
    commented_by: { personal_info: { fullname: row.fullname, username: row.username, profile_img: row.profileImg } },
    children: row.children,
    parent: row.parentId,
    blog_id: row.blogId,
    can: commentCan(viewerId, row),
  };
}
