import { commentCan, DELETED_MEMBER, type Comment, type PersonalInfo } from '@inkwell/contracts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { avatarUrl } from '../avatars/index.ts';
import type { CommentRow } from './comments.repository.ts';

/**
 * Who a comment is shown under once its writer deleted their account: the spec's shape kept (a
 * client reads `personal_info` whatever the comment), a name that says so, no username to link a
 * profile by, the default picture. docs/product/departures.md.
 */
export const DELETED_WRITER: PersonalInfo = {
  fullname: DELETED_MEMBER,
  username: '',
  profile_img: avatarUrl(DELETED_MEMBER),
};

/** docs/product/data.md Comment, and what `viewerId` (null: anonymous) may do to it. */
export function presentComment(row: CommentRow, viewerId: string | null): Comment {
  if (row.commentedBy !== null) shows(Tags.card(Tags.member(row.commentedBy)));
  const writer =
    row.commentedBy === null
      ? DELETED_WRITER
      : { fullname: row.fullname ?? '', username: row.username ?? '', profile_img: row.profileImg ?? '' };
  return {
    _id: row.id,
    comment: row.comment,
    commentedAt: row.createdAt.toISOString(),
    commented_by: { personal_info: writer },
    children: row.children,
    parent: row.parentId,
    blog_id: row.blogId,
    can: commentCan(viewerId, row),
  };
}
