import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageLoadFailure } from '../../components/page-load-failure.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { BlogContent, BlogHeading } from '../blog/index.ts';
import { previewQuery } from './api/preview.ts';

/**
 * `/preview/:token`: a draft as it will look once published, for whoever holds the secret link.
 * Nothing to like, comment on or share, and no read counted; the server keeps it from caches and search engines.
 */
export function PreviewPage() {
  const { token = '' } = useParams();
  const blog = useQuery(previewQuery(token));
  usePageTitle(blog.data && `Preview: ${blog.data.title}`);

  if (blog.isPending)
    return <p className="mx-auto max-w-reading px-[5vw] py-10 text-neutral-500">Loading the preview…</p>;
  if (blog.isError)
    return <PageLoadFailure error={blog.error} what="this preview" onRetry={() => void blog.refetch()} />;
  return (
    <article className="mx-auto box-content max-w-reading px-[5vw] py-10">
      <p role="note" className="mb-8 rounded-md border border-neutral-300 bg-neutral-100 px-4 py-3 text-neutral-900">
        <strong>Preview — not published.</strong> Only people with this link can see this draft; it may still change.
      </p>
      <BlogHeading blog={blog.data} />
      <BlogContent blocks={blog.data.content[0]?.blocks ?? []} />
    </article>
  );
}
