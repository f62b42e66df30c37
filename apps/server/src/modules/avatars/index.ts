export { avatarUrl } from './avatars.ts';
