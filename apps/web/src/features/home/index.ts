/** The home page (an island, whole), and the queries its server rendering loads. */
export { homeBlogsOptions } from './api/home-blogs.ts';
export { trendingBlogsQuery } from './api/trending-blogs.ts';
export { HomePage } from './home-page.tsx';
