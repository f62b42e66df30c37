/**
 * A draft's secret preview link. Others may read a draft through its link, and send that read with
 * its headers (the server-rendered preview page); `previewLinksModule` is its routes.
 */
export { previewLinkRoutes as previewLinksModule } from './preview-links.routes.ts';
export { PREVIEW_HEADERS, previewBlog } from './preview-links.service.ts';
