/** What the app shell uses of notifications: the live red dot. */
export { useLiveNotifications } from './use-live-notifications.ts';
