/** The editor's link cards. Nothing of it is used elsewhere; `linkPreviewModule` is its routes. */
export { linkPreviewRoutes as linkPreviewModule } from './link-preview.routes.ts';
