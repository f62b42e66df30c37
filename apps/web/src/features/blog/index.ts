/** The blog page, the queries its server rendering loads and a save changes, and its parts a draft's preview shows. */
export { blogQuery, blogQueryKey } from './api/get-blog.ts';
export { similarBlogsQuery } from './api/similar-blogs.ts';
export { BlogPage } from './blog-page.tsx';
export { BlogContent } from './components/blog-content.tsx';
export { BlogHeading } from './components/blog-heading.tsx';
