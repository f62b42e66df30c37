import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CountResponse, UserWrittenBlogsResponse, type DashboardBlog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

interface OwnBlogsPage {
  blogs: DashboardBlog[];
  totalDocs: number;
  /** Blogs deleted from this page since it loaded. */
  removed: number;
}

interface PageParam {
  page: number;
  deletedDocCount: number;
}

export const ownBlogsKey = (draft: boolean, query: string) => ['own-blogs', { draft, query }] as const;

async function fetchPage(draft: boolean, query: string, { page, deletedDocCount }: PageParam, signal: AbortSignal): Promise<OwnBlogsPage> {
  const [{ blogs }, { totalDocs }] = await Promise.all([
    api('/api/blog/user-written-blogs', { auth: true, body: { page, draft, query, deletedDocCount }, schema: UserWrittenBlogsResponse, signal }),
    api('/api/blog/user-written-blogs-count', { auth: true, body: { draft, query }, schema: CountResponse, signal }),
  ]);
  return { blogs, totalDocs, removed: 0 };
}

/** The signed-in author's published blogs or drafts, a page at a time, optionally by title. */
export function useOwnBlogs(draft: boolean, query: string) {
  return useInfiniteQuery({
    queryKey: ownBlogsKey(draft, query),
    queryFn: ({ pageParam, signal }) => fetchPage(draft, query, pageParam, signal),
    // The editor changes these lists elsewhere: always check again when the dashboard opens.
    staleTime: 0,
    initialPageParam: { page: 1, deletedDocCount: 0 } as PageParam,
    // Read when Load More is pressed, so deletions made since then are counted.
    getNextPageParam: (last, pages): PageParam | undefined => {
      const loaded = pages.reduce((n, p) => n + p.blogs.length, 0);
      if (loaded >= last.totalDocs) return undefined;
      return { page: pages.length + 1, deletedDocCount: pages.reduce((n, p) => n + p.removed, 0) };
    },
  });
}

/** Takes a deleted blog out of every loaded list that shows it, without reloading them. */
export function useForgetOwnBlog() {
  const queryClient = useQueryClient();
  return (blogId: string) =>
    queryClient.setQueriesData<InfiniteData<OwnBlogsPage, PageParam>>({ queryKey: ['own-blogs'] }, (data) => {
      if (!data?.pages.some((page) => page.blogs.some((b) => b.blog_id === blogId))) return data;
      return {
        ...data,
        pages: data.pages.map((page) => {
          const blogs = page.blogs.filter((b) => b.blog_id !== blogId);
          return { blogs, totalDocs: page.totalDocs - 1, removed: page.removed + page.blogs.length - blogs.length };
        }),
      };
    });
}
