/**
 * Blog lists: the public lists of published blogs (latest, trending, search, the following tab),
 * their counts, a blog page's similar blogs read with it (`readBlogPageAhead`), the feeds' and the
 * sitemap's pages, and the words of titles a search forgives typos with (`addTitleWords`, a
 * handler of the blogs' `saved` event). `blogListsModule` is its routes.
 */
export { blogListRoutes as blogListsModule } from './blog-lists.routes.ts';
export {
  latestBlogs,
  latestBlogsCount,
  newestBlogs,
  publishedBlogsCount,
  publishedBlogsPage,
  searchBlogsCount,
  searchBlogsPage,
  trendingBlogs,
} from './blog-lists.service.ts';
export { readBlogPageAhead } from './similar-blogs.ts';
export { addTitleWords } from './title-words.ts';
