/**
 * Visibility: the one rule of who may read a blog and where it is listed (visibility.ts), which
 * every module that shows blogs reads through, and its test surface by surface; and when what is
 * listed last changed (listing-changes.ts), which feeds and sitemaps send as their Last-Modified.
 */
export { isListed, isReadable, isVisibleTo, listedToReaders, readableByReaders } from './visibility.ts';
export { listingChangedAt, noteListingChanged } from './listing-changes.ts';
