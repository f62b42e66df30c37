import { searchBlogsOptions } from '../../../lib/blog-lists.ts';
import { latestBlogsOptions } from './latest-blogs.ts';

/** The home list: the newest blogs, or those of one topic (`?tag=` of the home page's address). */
export const homeBlogsOptions = (topic: string | null) =>
  topic ? searchBlogsOptions({ tag: topic }) : latestBlogsOptions();
