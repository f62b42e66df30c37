import type { ReadingListBlog } from '@inkwell/contracts';
import { presentBlogCard, type BlogCardRow } from '../blogs/index.ts';

export const presentReadingListBlog = (row: BlogCardRow & { id: string }): ReadingListBlog => ({
  ...presentBlogCard(row),
  _id: row.id,
});
