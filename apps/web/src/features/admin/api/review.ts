import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ReviewBlogBody, ReviewBlogResponse, ReviewQueueResponse } from '@inkwell/contracts';
import { ApiError, api } from '../../../lib/api.ts';
import { blogListsKey } from '../../../lib/blog-lists.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { blogQueryKey } from '../../blog/index.ts';
import { nextPage } from './staff.ts';

const reviewKey = ['admin', 'review'] as const;

/** The blogs waiting for review, oldest first, whole, a page (REVIEW_QUEUE_PAGE) at a time. */
export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: reviewKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api('/api/admin/review-queue', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.blogs).length, last.totalDocs, pages.length),
    staleTime: 0,
  });
}

export interface ReviewDecision extends ReviewBlogBody {
  approve: boolean;
}

const decide = ({ approve, ...body }: ReviewDecision) =>
  api(approve ? '/api/admin/approve-blog' : '/api/admin/reject-blog', { auth: true, body });

/**
 * Approves (publishes) or rejects (back to its author's drafts) a waiting blog: it leaves the queue
 * at once; the staff's views, the lists of blogs and the blog itself load again. Refused because it
 * no longer waits, the queue loads again too.
 */
export function useDecideReview(config: MutationConfig<ReviewBlogResponse, ReviewDecision> = {}) {
  const queryClient = useQueryClient();
  const onError: typeof config.onError = (error, ...rest) => {
    // Decided meanwhile (by another moderator, or its author took it back): the queue loads again without it.
    if (error instanceof ApiError && error.code === 'blog_not_awaiting_review')
      void queryClient.invalidateQueries({ queryKey: reviewKey });
    return config.onError?.(error, ...rest);
  };
  return useApiMutation(decide, { ...config, onError }, (_, { blog_id }) => {
    queryClient.setQueryData<InfiniteData<ReviewQueueResponse>>(reviewKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({ ...page, blogs: page.blogs.filter((b) => b.blog_id !== blog_id) })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void queryClient.invalidateQueries({ queryKey: blogListsKey });
    void queryClient.invalidateQueries({ queryKey: blogQueryKey(blog_id) });
  });
}
