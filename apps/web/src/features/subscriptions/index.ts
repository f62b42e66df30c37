/** E-mail subscriptions: the profile's control, the author's count; the mailed links' page is loaded on its own. */
export { subscriberCountQuery } from './api/subscriptions.ts';
export { SubscribeControl } from './subscribe-control.tsx';
