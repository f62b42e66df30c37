/** Feeds, sitemaps, robots.txt and the home page's share tags. Nothing of it is used elsewhere; `discoveryModule` is its routes. */
export { discoveryRoutes as discoveryModule } from './discovery.routes.ts';
