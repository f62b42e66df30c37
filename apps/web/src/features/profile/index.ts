/**
 * The profile page (an island, whole), the query its server rendering loads and a save changes, and the
 * Follow button the blog page shows too (an island of its own there).
 */
export { profileQuery } from './api/get-profile.ts';
export { FollowIsland } from './follow-island.tsx';
export { ProfilePage } from './profile-page.tsx';
