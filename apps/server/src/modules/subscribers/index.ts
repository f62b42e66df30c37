/** E-mail subscribers: `queueNewsletter` is a handler of the blogs' `firstPublished` event, `endSubscriptionsOf` of a member leaving; `subscribersModule` is their routes and mail jobs. */
export { queueNewsletter } from './subscriber-jobs.ts';
export { subscriberRoutes as subscribersModule } from './subscribers.routes.ts';
export { endSubscriptionsOf } from './subscribers.repository.ts';
