import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/*
 * The blog events' listeners are wired in one place, modules/index.ts, and run in the order listed
 * inside the transaction that causes the event. A new listener, or a new order, is a change of
 * what a publish does: it must be put here too.
 */
it('wires each blog event to its handlers, in order', () => {
  const wired = Object.fromEntries(
    Object.entries(t.app.blogEvents).map(([event, handlers]) => [
      event,
      handlers.map((handler: { name: string }) => handler.name),
    ]),
  );
  expect(wired).toEqual({
    saved: ['addTitleWords', 'keepRevision'],
    firstPublished: ['changeShownToReaders', 'queueNewsletter', 'notifyFollowers', 'queueCreateActivity'],
    publishedBlogChanged: ['changeShownToReaders', 'queueUpdateActivity'],
    publishedBlogRemoved: ['changeShownToReaders', 'queueDeleteActivity'],
    publishedBlogRestored: ['changeShownToReaders', 'queueRestoreActivity'],
  });
});

/* A member leaving is wired the same way: each handler takes out what its module keeps of them. */
it('wires a member leaving to its handlers, in order', () => {
  expect(t.app.userEvents.leaving.map((handler) => handler.name)).toEqual([
    'leaveFediverse',
    'deleteBlogsOfLeaving',
    'removeLikesBy',
    'deleteReportsOfCommentsBy',
    'anonymiseCommentsBy',
    'endFollowsOf',
    'endSubscriptionsOf',
    'queueForgettingImagesOf',
    'anonymiseStaffRecordsOf',
    'forgetRateLimitsOf',
    'forgetDeadJobsOf',
    'forgetImportedAuthor',
  ]);
});
