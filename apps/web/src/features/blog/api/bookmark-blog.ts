import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const allBookmarkedKey = (_id: string) => ['blog-bookmarked', _id] as const;

/** Whether the signed-in reader saved the blog; keyed by reader, so another sign-in asks again. */
export const isBookmarkedQuery = (_id: string, username: string) =>
  queryOptions({
    queryKey: [...allBookmarkedKey(_id), username],
    queryFn: ({ signal }) =>
      api('/api/user/is-bookmarked', { body: { _id }, auth: true, signal }).then((r) => r.result),
  });

/** Sets the bookmark to the opposite of `isBookmarked`; answers what it now is. */
export const bookmarkBlog = (_id: string, isBookmarked: boolean) =>
  api('/api/blog/bookmark', { body: { _id, isBookmarked }, auth: true }).then((r) => r.bookmarked);

/** Every reading list: a save on a blog page changes them. */
export const readingListKey = ['reading-list'] as const;

/** A bookmark changed elsewhere (the reading list's Remove): the blog page shows it when opened. */
export const showBookmarked = (queryClient: QueryClient, _id: string, bookmarked: boolean) =>
  queryClient.setQueriesData<boolean>({ queryKey: allBookmarkedKey(_id) }, () => bookmarked);
