/** The profile page, the query its server rendering loads and a save changes, and the Follow button the blog page shows too. */
export { profileQuery } from './api/get-profile.ts';
export { FollowButton } from './components/follow-button.tsx';
export { ProfilePage } from './profile-page.tsx';
