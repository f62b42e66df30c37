import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { blogForEditQuery } from './api/blog-for-edit.ts';
import { BlogEditor } from './components/blog-editor.tsx';
import { editorBlogOf, emptyBlog } from './editor-blog.ts';

/**
 * docs/product/screens.md Blog editor at /editor and /editor/:blog_id. An existing blog is loaded in edit mode;
 * when that fails, or the server says the writer may not edit it (get-blog answers any published
 * blog, in any mode, with `can`), the editor starts with an empty, new blog (docs/product/screens.md).
 */
export function EditorPage() {
  const { blog_id: blogId } = useParams();
  const existing = useQuery({ ...blogForEditQuery(blogId ?? ''), enabled: blogId !== undefined });
  usePageTitle('Editor');

  if (blogId !== undefined && existing.isPending) return <p className="p-10 text-neutral-500">Loading the blog…</p>;
  const blog = existing.data?.can.edit ? existing.data : undefined;
  return (
    <BlogEditor
      key={blogId ?? 'new'}
      blogId={blog ? blogId : undefined}
      loaded={blog ? editorBlogOf(blog) : emptyBlog()}
      updatedAt={blog?.updatedAt}
      published={blog ? !blog.draft : false}
      publishAt={blog?.publishAt ?? null}
    />
  );
}
