/** What others use of the settings feature: the signed-in user's own profile query (their role and `can` with it). */
export { ownProfileQuery } from './api/own-profile.ts';
