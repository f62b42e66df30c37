import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { HttpError } from '../http-error.ts';
import { forgetKeys, hit, reset } from './rate-limit-counters.ts';
import { RATE_LIMITS, YOUNG_ACCOUNT_SHARE, type RateLimitName, type RateLimitRule } from './rate-limit-table.ts';
import { signedInUser } from './auth.ts';
import { routeHooks } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limits of RATE_LIMITS a request to this route counts against, in order, once it is valid. */
    rateLimits?: RateLimitName[];
  }
}

/** E-mails are keys whatever their case or surrounding spaces. */
const emailKey = (email: string) => email.trim().toLowerCase();

function subject(request: FastifyRequest, per: RateLimitRule['per']): string {
  switch (per) {
    case 'ip':
      return request.ip;
    case 'user':
      return signedInUser(request).id;
    case 'email':
      // Counted after validation: the route's body schema has an e-mail.
      return emailKey((request.body as { email: string }).email);
  }
}

const keyOf = (request: FastifyRequest, name: RateLimitName) => `${name}:${subject(request, RATE_LIMITS[name].per)}`;

/**
 * A leaving member's counters go (a handler of users' `leaving` event, wired in modules/index.ts):
 * those kept per account, by their id or their e-mail; those of an address they used are nobody's.
 */
export async function forgetRateLimitsOf(db: Executor, { userId, email }: { userId: string; email: string }) {
  const keys = (Object.keys(RATE_LIMITS) as RateLimitName[]).flatMap((name) => {
    const { per } = RATE_LIMITS[name] as RateLimitRule;
    return per === 'user' ? [`${name}:${userId}`] : per === 'email' ? [`${name}:${emailKey(email)}`] : [];
  });
  await forgetKeys(db, keys);
}

const describeWait = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${seconds <= 60 ? '' : 's'}`;

/**
 * Counts a request against a limit and answers 429 with Retry-After once it is passed. Routes name
 * their limits in their config; a service that counts only some requests (a profile picture fetched
 * from elsewhere counts as an upload) is handed this.
 */
export async function enforceRateLimit(request: FastifyRequest, name: RateLimitName) {
  const { db, config } = request.server;
  const rule: RateLimitRule = RATE_LIMITS[name];
  const share = rule.per === 'user' && signedInUser(request).limitedAsNew ? YOUNG_ACCOUNT_SHARE : 1;
  const wait = await hit(db, {
    key: keyOf(request, name),
    limit: Math.ceil(rule.limit * config.rateLimitMultiplier * share),
    windowSeconds: rule.windowSeconds,
  });
  if (wait > 0)
    throw new HttpError(
      429,
      { code: 'rate_limited', message: `${rule.message}. Please try again in ${describeWait(wait)}.` },
      { 'retry-after': String(wait) },
    );
}

/**
 * Enforces each route's `config.rateLimits` (limits are multiplied by RATE_LIMIT_MULTIPLIER, which the
 * e2e stack raises). They are counted in preHandler, after the user is known and the body is valid,
 * so a refused or malformed request costs no attempt; a limit that forgets on success is reset before
 * the successful answer leaves.
 */
export function registerRateLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const names = route.config?.rateLimits ?? [];
    if (names.length === 0) return;
    route.preHandler = [
      ...routeHooks(route.preHandler),
      async (request: FastifyRequest) => {
        for (const name of names) await enforceRateLimit(request, name);
      },
    ];
    const forgetting = names.filter((name) => (RATE_LIMITS[name] as RateLimitRule).forgetOnSuccess);
    if (forgetting.length === 0) return;
    route.onSend = [
      ...routeHooks(route.onSend),
      async (request, reply) => {
        if (reply.statusCode < 400) for (const name of forgetting) await reset(request.server.db, keyOf(request, name));
      },
    ];
  });
}
