export * from './users.ts';
export * from './blogs.ts';
export * from './comments.ts';
export * from './images.ts';
export * from './cache.ts';
export * from './revisions.ts';
export * from './preview-links.ts';
export * from './federation.ts';
