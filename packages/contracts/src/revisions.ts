import { z } from 'zod';
import { ImageUrl } from './image-url.ts';
import { BlogContent } from './blog.ts';

/*
 * A blog's revisions (ours, docs/api.md style, (A) its author only): every save keeps one, so a writer
 * can look back and restore. Anyone else is answered 404, as a draft is hidden.
 */

export const RevisionsBody = z.object({ blog_id: z.string().max(300) });
export type RevisionsBody = z.infer<typeof RevisionsBody>;

export const RevisionBody = z.object({ blog_id: z.string().max(300), _id: z.string().max(100) });
export type RevisionBody = z.infer<typeof RevisionBody>;

export const RevisionSummary = z.object({
  _id: z.string(),
  savedAt: z.string(),
  /** Whether the blog was saved as a draft. */
  draft: z.boolean(),
  title: z.string(),
});
export type RevisionSummary = z.infer<typeof RevisionSummary>;

/** `POST /api/blog/revisions`: newest first. */
export const RevisionsResponse = z.object({ revisions: z.array(RevisionSummary) });

export const Revision = RevisionSummary.extend({
  banner: ImageUrl,
  des: z.string(),
  tags: z.array(z.string()),
  content: BlogContent,
});
export type Revision = z.infer<typeof Revision>;

/** `POST /api/blog/revision`. */
export const RevisionResponse = z.object({ revision: Revision });
