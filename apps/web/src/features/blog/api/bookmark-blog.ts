import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Messages, type Blog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useOptimisticToggle } from '../../../lib/use-optimistic-toggle.ts';

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

/**
 * Saves the blog to the reader's reading list, or takes it off, at once (as a like), then tells the
 * server, and every reading list loads again; if it refuses, the button goes back and its reason is
 * shown. Signed out, it only says to log in. `onAnswer`: what the server says it now is.
 */
export function useBookmarkBlog(blog: Blog, onAnswer: (bookmarked: boolean) => void) {
  const queryClient = useQueryClient();
  return useOptimisticToggle({
    state: (reader) => isBookmarkedQuery(blog._id, reader),
    // A draft (its author's view) is saved by nobody: no need to ask.
    enabled: !blog.draft,
    loginMessage: Messages.loginToBookmark,
    send: (isBookmarked) => bookmarkBlog(blog._id, isBookmarked),
    isOn: (bookmarked) => bookmarked,
    settle: (bookmarked) => {
      void queryClient.invalidateQueries({ queryKey: readingListKey });
      onAnswer(bookmarked);
    },
  });
}
