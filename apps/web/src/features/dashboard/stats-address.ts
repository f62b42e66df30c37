import type { StatsPeriod } from '@inkwell/contracts';

/**
 * The address of a view of the author's statistics, `/dashboard/stats?period=7d&blog=<blog_id>`: the
 * period and the blog live in the query, so a view can be linked and Back returns to the last one.
 */
export const statsPath = ({ period, blogId }: { period?: StatsPeriod; blogId?: string | undefined }) => {
  const query = new URLSearchParams({ ...(period && { period }), ...(blogId && { blog: blogId }) }).toString();
  return `/dashboard/stats${query && `?${query}`}`;
};
