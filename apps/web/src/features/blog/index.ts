/** The blog page, the queries its server rendering loads and a save changes, and its parts the editor's other versions and a draft's preview show. */
export { bookmarkBlog, readingListKey, showBookmarked } from './api/bookmark-blog.ts';
export { blogQuery, blogQueryKey } from './api/get-blog.ts';
export { similarBlogsKey, similarBlogsQuery } from './api/similar-blogs.ts';
export { BlogPage } from './blog-page.tsx';
export { BlogContent } from './components/blog-content.tsx';
export { BlogHeading } from './components/blog-heading.tsx';
export { AuthorTrusted } from './components/inline-html.tsx';
