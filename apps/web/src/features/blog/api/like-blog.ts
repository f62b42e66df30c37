import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Whether the signed-in reader likes the blog; keyed by reader, so another sign-in asks again. */
export const isLikedQuery = (_id: string, username: string) =>
  queryOptions({
    queryKey: ['blog-liked', _id, username],
    queryFn: ({ signal }) =>
      api('/api/user/isliked-by-user', { body: { _id }, auth: true, signal }).then((r) => r.result),
  });

/** Sets the like to the opposite of `isLikedByUser`; answers the like and the blog's new total. */
export const likeBlog = (_id: string, isLikedByUser: boolean) =>
  api('/api/blog/like-blog', { body: { _id, isLikedByUser }, auth: true });
