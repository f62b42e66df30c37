export { createImageStore } from './image-store.ts';
export { importImage, isStoredImageUrl, pathOnSite, type UploadDeps } from './uploads.service.ts';
