/**
 * What other modules may use of blogs: the one owner of the blogs table (create, edit, get,
 * delete, scheduled publishing, its counters and read counts) and of the one rule of who may
 * read a blog; the events it declares, whose handlers the composition root wires.
 */
export type { BlogEventHandlers } from './blog-events.ts';
export {
  addToActivity,
  blogCardColumns,
  findBlog,
  findBlogForUpdate,
  lockBlog,
  type BlogCardRow,
} from './blogs.repository.ts';
export { presentBlog, presentBlogCard, publicationDates } from './blogs.presenter.ts';
export { answerGetBlog, deleteBlog, saveBlog } from './blogs.service.ts';
export { visibleToReaders } from './visibility.ts';
