/** What other modules may use of blogs: the one owner of the blogs table, its counters and the rule of who may read a blog. */
export {
  countAuthorBlogs,
  listAuthorBlogs,
  type AuthorBlogRow,
  type AuthorBlogsFilter,
} from './author-blogs.repository.ts';
export { countEveryBlog } from './blog-counts.ts';
export { addEveryTitleWord } from './title-words.ts';
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
export { presentBlogCard, publicationDates } from './blogs.presenter.ts';
export {
  addToActivity,
  blogCardColumns,
  findActivity,
  lastPublishedEdits,
  lockBlog,
  type BlogCardRow,
  type BlogWithAuthor,
} from './blogs.repository.ts';
export { answerGetBlog, deleteBlog } from './blogs.service.ts';
export { contentHtml } from './content-html.ts';
export { PREVIEW_HEADERS, previewBlog } from './preview-links.service.ts';
export { visibleToReaders } from './visibility.ts';
export type { BlogEventHandlers } from './blog-events.ts';
