import { useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { blogListsKey } from '../../../lib/blog-lists.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { allOwnBlogsKey } from './own-blogs.ts';

/** A scheduled blog back to a plain draft: it will not be published by itself. */
export const cancelSchedule = (blogId: string) =>
  api('/api/blog/schedule', {
    auth: true,
    body: { blog_id: blogId, publishAt: null },
  });

/** The author's draft published at once. */
export const publishNow = (blogId: string) => api('/api/blog/publish-now', { auth: true, body: { blog_id: blogId } });

type Done = ApiAnswer<'/api/blog/publish-now'>;

/** Once a scheduled blog is published or back to a draft, it moves between the tabs, and onto (or off) the site's lists. */
function useScheduleChange(change: () => Promise<Done>, config?: MutationConfig<Done>) {
  const queryClient = useQueryClient();
  return useApiMutation(change, config, () => {
    void queryClient.invalidateQueries({ queryKey: allOwnBlogsKey });
    void queryClient.invalidateQueries({ queryKey: blogListsKey });
  });
}

export const usePublishNow = (blogId: string, config?: MutationConfig<Done>) =>
  useScheduleChange(() => publishNow(blogId), config);

export const useCancelSchedule = (blogId: string, config?: MutationConfig<Done>) =>
  useScheduleChange(() => cancelSchedule(blogId), config);
