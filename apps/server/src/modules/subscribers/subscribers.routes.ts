import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SubscribeBody,
  SubscribeResponse,
  SubscriberCount,
  SubscriptionBody,
  SubscriptionLinkResult,
  SubscriptionState,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { enforceRateLimit } from '../../plugins/rate-limits.ts';
import { assertActive, signedInUser } from '../../plugins/auth.ts';
import { requireProofOfWork } from '../proof-of-work/index.ts';
import { registerSubscriberJobs } from './subscriber-jobs.ts';
import {
  confirmByToken,
  subscribe,
  subscriberCount,
  subscriptionOf,
  unsubscribeByToken,
  unsubscribeReader,
  visitorEmailError,
} from './subscribers.service.ts';

const TokenParams = z.object({ token: z.string().max(200) });
/** A mailed link's POST: empty, JSON, or the RFC 8058 form body `List-Unsubscribe=One-Click`. */
const LinkBody = z.object({ 'List-Unsubscribe': z.string().max(100).optional() });

/** E-mail subscriptions to an author's new blogs, and the mail they bring (subscriber-jobs.ts). */
export const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSubscriberJobs(app);

  // A mail client's one-click unsubscribe (RFC 8058) posts a form: understood on these routes alone.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/api/user/subscribe',
    {
      preValidation: app.optionalUser,
      schema: {
        body: SubscribeBody,
        response: { 200: SubscribeResponse, ...errorResponses([...BODY_ERRORS, 403, 404, 429]) },
      },
      config: { keepsReadCache: true, rateLimits: ['subscribePerIp'] },
    },
    async (request) => {
      if (request.user) assertActive(request.user);
      // A visitor's address counts against its own limit, and costs a proof of work where the site
      // asks for one, once it is an address: nobody floods a mailbox.
      if (!request.user && !visitorEmailError(request.body)) {
        await enforceRateLimit(request, 'subscribePerEmail');
        await requireProofOfWork({ db: app.db, config: app.config }, request.body.altcha);
      }
      return subscribe(app.db, request.user?.id ?? null, request.body, app.clock());
    },
  );

  // Nothing here changes what anonymous readers are answered: no route empties the read cache (a
  // stranger subscribing in a loop would otherwise empty it for everyone).
  const signedIn = { preValidation: app.requireUser, config: { keepsReadCache: true } };
  app.post(
    '/api/user/unsubscribe',
    {
      ...signedIn,
      schema: {
        body: SubscriptionBody,
        response: { 200: SubscriptionState, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
    },
    async (request) => unsubscribeReader(app.db, signedInUser(request).id, request.body.username),
  );

  app.post(
    '/api/user/subscription',
    {
      ...signedIn,
      schema: {
        body: SubscriptionBody,
        response: { 200: SubscriptionState, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
    },
    async (request) => subscriptionOf(app.db, signedInUser(request).id, request.body.username),
  );

  app.post(
    '/api/user/subscriber-count',
    { ...signedIn, schema: { response: { 200: SubscriberCount, ...errorResponses([401]) } } },
    async (request) => subscriberCount(app.db, signedInUser(request).id),
  );

  const linkRoute = {
    config: { keepsReadCache: true },
    schema: {
      params: TokenParams,
      body: LinkBody,
      response: { 200: SubscriptionLinkResult, ...errorResponses([...BODY_ERRORS, 404]) },
    },
  };
  app.post('/subscribe/confirm/:token', linkRoute, async (request) =>
    confirmByToken(app.db, request.params.token, app.clock()),
  );
  app.post('/unsubscribe/:token', linkRoute, async (request) => unsubscribeByToken(app.db, request.params.token));
};
