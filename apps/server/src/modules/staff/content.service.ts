import { canActOnMember, type HideBlogBody, type HideBlogResponse } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { setBlogHidden, type BlogEventHandlers } from '../blogs/index.ts';
import { findBlogAuthor } from './members.repository.ts';
import { logAndTell } from './moderation-log.ts';

/*
 * Staff acting on what members wrote. Whom a staff member may act on is the rule of members
 * (policies.ts canActOnMember): a moderator hides no staff member's blog, nor anyone their own.
 */

/** Hides a blog from readers (`hidden`), or gives it back; a change is logged with its reason. */
export async function setHidden(
  db: Db,
  events: BlogEventHandlers,
  actor: SessionUser,
  { blog_id, reason }: HideBlogBody,
  hidden: boolean,
): Promise<HideBlogResponse> {
  return db.transaction(async (tx) => {
    const author = await findBlogAuthor(tx, blog_id);
    if (!author) throw notFound('blog_not_found');
    if (!canActOnMember(actor, author)) throw forbidden('content_action_forbidden');
    const result = await setBlogHidden(tx, events, blog_id, hidden ? reason : null, new Date());
    if (!result) throw notFound('blog_not_found');
    if (result.changed)
      await logAndTell(tx, actor, author.id, {
        action: hidden ? 'blog_hide' : 'blog_unhide',
        target: { type: 'blog', id: blog_id, label: result.blog.title },
        detail: hidden ? 'shown → hidden' : 'hidden → shown',
        reason,
      });
    return { blog_id, hidden };
  });
}
