/**
 * Visibility: the one rule of who may read a blog and where it is listed (visibility.ts), which
 * every module that shows blogs reads through, and its test surface by surface.
 */
export { isListed, isReadable, isVisibleTo, listedToReaders, readableByReaders } from './visibility.ts';
