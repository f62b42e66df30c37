/** The blog page, the queries its server rendering loads and a save changes, and its blocks (the editor shows other versions with them). */
export { blogQuery, blogQueryKey } from './api/get-blog.ts';
export { similarBlogsQuery } from './api/similar-blogs.ts';
export { BlogPage } from './blog-page.tsx';
export { BlogContent } from './components/blog-content.tsx';
