/** A draft's preview page, and the query its server rendering loads. */
export { previewQuery } from './api/preview.ts';
export { PreviewPage } from './preview-page.tsx';
