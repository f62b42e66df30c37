/** Bookmarks: a reader's reading list. Nothing of it is used elsewhere; `bookmarksModule` is its routes. */
export { bookmarkRoutes as bookmarksModule } from './bookmarks.routes.ts';
