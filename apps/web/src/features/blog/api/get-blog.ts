import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Blog, BlogCan } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';

/**
 * Where the blog page keeps the blog it shows (a `Blog` of docs/product/data.md). The comments panel updates
 * `activity` there, so the page's counts follow new and deleted comments at once.
 */
export const blogQueryKey = (blogId: string) => ['blog', blogId] as const;

export const blogQuery = (blogId: string) =>
  queryOptions({
    queryKey: blogQueryKey(blogId),
    queryFn: ({ signal }): Promise<Blog> =>
      api('/api/blog/get-blog', { body: { blog_id: blogId }, auth: true, signal }).then((r) => r.blog),
  });

export const useBlog = (blogId: string) => useQuery(blogQuery(blogId));

/** What the signed-in `username` may do to the blog, asked apart from the blog itself (see useBlogCan). */
const blogCanQuery = (blogId: string, username: string) =>
  queryOptions({
    queryKey: [...blogQueryKey(blogId), 'can', username],
    queryFn: ({ signal }): Promise<BlogCan> =>
      api('/api/blog/can', { body: { blog_id: blogId }, auth: true, signal }).then((r) => r.can),
  });

/**
 * What the reader may do to the blog (its Edit link), as the server says. get-blog's blog says it
 * for whoever asked, but a server-rendered page asked as nobody (the session stays in the browser,
 * and the page is cached for everyone), and the browser takes that blog over without asking again:
 * so a signed-in reader asks /api/blog/can, a call of its own, once the session applies after
 * hydration. Until it answers, and signed out, the blog's own `can` holds.
 */
export function useBlogCan(blog: Blog): BlogCan {
  const { session } = useSession();
  const asked = useQuery({ ...blogCanQuery(blog.blog_id, session?.username ?? ''), enabled: session !== null });
  return asked.data ?? blog.can;
}

/**
 * A blog shown without a get-blog call from this page (the server rendered it, or an earlier visit
 * left it here) is still read: the page says so, as the signed-in reader if there is one. The
 * server counts get-blog's way: once per reader per blog a day, never the author's own visits.
 */
export function useCountRead(blogId: string, shownWithoutFetching: boolean) {
  useEffect(() => {
    if (shownWithoutFetching)
      api('/api/blog/read', { body: { blog_id: blogId, referrer: document.referrer || undefined }, auth: true }).catch(
        () => undefined,
      );
  }, [blogId, shownWithoutFetching]);
}
