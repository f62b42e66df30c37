/** The profile page, and the query its server rendering loads and a save changes. */
export { profileQuery } from './api/get-profile.ts';
export { ProfilePage } from './profile-page.tsx';
