export { pageTagsResolver } from './page-urls.ts';
export type { AlternateLink, PageTags, PageTagsResolver } from './page-tags.ts';
