/** What the app shell uses of signing in and out. */
export { useSignOut } from './use-sign-out.ts';
