/** What other modules may use of preview links: a draft read through its link, and the headers such a read goes out with. */
export { PREVIEW_HEADERS, previewBlog } from './preview-links.service.ts';
