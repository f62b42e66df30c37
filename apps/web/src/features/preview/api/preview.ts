import { queryOptions } from '@tanstack/react-query';
import type { Blog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

/** The draft a preview link opens (`POST /api/blog/preview`), as readers will see it; anyone with the token may ask. */
export const previewQuery = (token: string) =>
  queryOptions({
    queryKey: ['preview', token],
    queryFn: ({ signal }): Promise<Blog> => api('/api/blog/preview', { body: { token }, signal }).then((r) => r.blog),
  });
