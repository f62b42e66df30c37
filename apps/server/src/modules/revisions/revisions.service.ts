import {
  canEditBlog,
  isUuid,
  type EditorOutput,
  type Revision,
  type RevisionBody,
  type RevisionsBody,
  type RevisionSummary,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { answerGetBlog, blogWriters, findBlog, type BlogEventHandlers } from '../blogs/index.ts';
import {
  findRevision,
  listRevisions,
  recordRevision,
  type NewRevision,
  type RevisionSummaryRow,
} from './revisions.repository.ts';

/**
 * The blog whose revisions `userId` asks for: only its author's. Anyone else, like an unknown
 * blog_id, is answered get-blog's 404 for a hidden draft, so revisions tell nothing of a blog.
 */
async function authorsBlog(db: Executor, blogId: string, userId: string) {
  const blog = await findBlog(db, blogId);
  if (!blog || !canEditBlog(userId, blog)) throw notFound();
  return blog;
}

/** A revision of that blog; an id of another blog's revision (or no uuid at all) is none: 404. */
async function revisionOf(db: Executor, blogId: string, id: string) {
  const revision = isUuid(id) ? await findRevision(db, blogId, id) : undefined;
  if (!revision) throw notFound();
  return revision;
}

const presentSummary = (row: RevisionSummaryRow): RevisionSummary => ({
  _id: row.id,
  savedAt: row.savedAt.toISOString(),
  draft: row.draft,
  title: row.title,
});

/** `POST /api/blog/revisions`: newest first. */
export async function getRevisions(db: Db, { blog_id }: RevisionsBody, userId: string) {
  const blog = await authorsBlog(db, blog_id, userId);
  return { revisions: (await listRevisions(db, blog.id)).map(presentSummary) };
}

/** `POST /api/blog/revision`: one revision whole, its content as get-blog's (docs/product/data.md's array). */
export async function getRevision(
  db: Db,
  { blog_id, _id }: RevisionBody,
  userId: string,
): Promise<{ revision: Revision }> {
  const blog = await authorsBlog(db, blog_id, userId);
  const row = await revisionOf(db, blog.id, _id);
  // Stored only after cleanEditorOutput checked every block, as a blog's content is.
  const content = [row.content as EditorOutput];
  return { revision: { ...presentSummary(row), banner: row.banner, des: row.des, tags: row.tags, content } };
}

/**
 * `POST /api/blog/restore-revision`: saves the revision's words as the blog's, through create-blog's
 * own save (its rules for the blog's current state, its counters, a new revision). The blog stays
 * a draft or published as it is; a blog saved in between is refused (409) rather than overwritten.
 */
export async function restoreRevision(
  db: Db,
  events: BlogEventHandlers,
  { blog_id, _id }: RevisionBody,
  userId: string,
  now: Date,
) {
  const blog = await authorsBlog(db, blog_id, userId);
  const revision = await revisionOf(db, blog.id, _id);
  const restored = {
    id: blog_id,
    updatedAt: blog.updatedAt.toISOString(),
    // A scheduled blog keeps its time (saving it as a plain draft would drop it).
    ...(blog.publishAt ? { draft: false, publishAt: blog.publishAt.toISOString() } : { draft: blog.draft }),
    title: revision.title,
    banner: revision.banner,
    des: revision.des,
    tags: revision.tags,
    content: [revision.content as EditorOutput],
  };
  await blogWriters.save(db, events, userId, restored, now);
  return answerGetBlog(db, { blog_id }, userId);
}

/** A blog event's handler, in the transaction of every save: the blog as saved becomes its newest revision. */
export const keepRevision = (
  tx: Executor,
  { id, authorId, ...saved }: Omit<NewRevision, 'blogId' | 'savedBy'> & { id: string; authorId: string },
) => recordRevision(tx, { ...saved, blogId: id, savedBy: authorId });
