/** The blog page, and the queries its server rendering loads and a save changes. */
export { blogQuery, blogQueryKey } from './api/get-blog.ts';
export { similarBlogsQuery } from './api/similar-blogs.ts';
export { BlogPage } from './blog-page.tsx';
