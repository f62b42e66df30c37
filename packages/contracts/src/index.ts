export * from './messages.ts';
export * from './limits.ts';
export * from './auth.ts';
export * from './blog.ts';
export * from './uploads.ts';
export * from './settings.ts';
export * from './dashboard.ts';
export * from './editor.ts';
