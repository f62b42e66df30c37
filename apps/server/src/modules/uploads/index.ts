export { createImageStore } from './image-store.ts';
export { importImage, isStoredImageUrl, pathOnSite, TOO_MANY_UPLOADS, uploadLimit, type UploadDeps } from './uploads.service.ts';
