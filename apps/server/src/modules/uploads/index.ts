/** Uploads: others may store an image (a profile picture by URL too) and name its share copy; `uploadsModule` is their routes; `queueForgettingImagesOf` a handler of a member leaving. */
export { queueForgettingImagesOf } from './forget-images.ts';
export { createImageStore } from './image-store.ts';
export {
  importImage,
  isStoredImageUrl,
  type RasterImage,
  shareImage,
  storedImageBytes,
  storeImage,
  type UploadDeps,
} from './uploads.service.ts';
export { uploadRoutes as uploadsModule } from './uploads.routes.ts';
