export { pageParam, pageTagsResolver } from './page-urls.ts';
export { PAGE_MISSING } from './page-tags.ts';
export type { AlternateLink, PageTags, PageTagsResolver } from './page-tags.ts';
