import type { OutputData } from '@editorjs/editorjs';
import type { Blog, BlogDraftish } from '@inkwell/contracts';

/** What the editor holds of a blog: everything create-blog saves but the draft flag and the id. */
export interface EditorBlog {
  title: string;
  banner: string;
  des: string;
  tags: string[];
  /** Editor.js output, blocks in their stored form (docs/product/data.md). */
  content: OutputData;
}

export const emptyBlog = (): EditorBlog => ({ title: '', banner: '', des: '', tags: [], content: { blocks: [] } });

export const editorBlogOf = (blog: Blog): EditorBlog => ({
  title: blog.title,
  banner: blog.banner,
  des: blog.des,
  tags: blog.tags,
  content: blog.content[0] ?? { blocks: [] },
});

/** The shape the shared rules (draftError, editorPublishError, publishError) check. */
export const draftishOf = ({ content, ...blog }: EditorBlog): BlogDraftish => ({ ...blog, blocks: content.blocks });

/** JSON with object keys sorted: Editor.js, zod and PostgreSQL's jsonb each order keys their own way. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether two versions say the same thing (the save time and Editor.js version aside). */
export function sameBlog(a: EditorBlog, b: EditorBlog): boolean {
  const essence = ({ content, ...rest }: EditorBlog) => canonicalJson({ ...rest, blocks: content.blocks });
  return essence(a) === essence(b);
}
