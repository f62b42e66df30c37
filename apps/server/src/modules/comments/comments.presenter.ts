import type { Comment } from '@inkwell/contracts';
import type { CommentRow } from './comments.repository.ts';

/** SPEC §3 Comment. */
export function presentComment(row: CommentRow): Comment {
  return {
    _id: row.id,
    comment: row.comment,
    commentedAt: row.createdAt.toISOString(),
    commented_by: { personal_info: { fullname: row.fullname, username: row.username, profile_img: row.profileImg } },
    children: row.children,
    parent: row.parentId,
    blog_id: row.blogId,
  };
}
