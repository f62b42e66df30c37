import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit-table.ts';

// Limits scaled down so each one is reached in a handful of requests; the scaling is the same
// RATE_LIMIT_MULTIPLIER a self-hoster sets. The full per-account sign-in limit is proven in
// auth.routes.test.ts at its real size.
const MULTIPLIER = 0.05;
const allowed = (limit: { limit: number }) => Math.ceil(limit.limit * MULTIPLIER);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: String(MULTIPLIER) });
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = () => `limits.${n++}@example.com`;
const uniqueIp = () => `10.9.${Math.floor(n / 250)}.${n++ % 250}`;

const send = (app: FastifyInstance, url: string, payload: object, ip: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** Sends `allowed` requests that pass the limit, then one that must be refused. */
async function expectLimited(allowedCount: number, request: (i: number) => ReturnType<typeof send>, message: string) {
  for (let i = 0; i < allowedCount; i++) expect((await request(i)).statusCode).not.toBe(429);
  const refused = await request(allowedCount);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error).toMatch(new RegExp(`^${message}\\. Please try again in \\d+ (second|minute)s?\\.$`));
  expect(refused.json().code).toBe('rate_limited');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits of the account endpoints', () => {
  it('limits sign-ins per IP, whatever the accounts', async () => {
    const ip = uniqueIp();
    await expectLimited(
      allowed(RATE_LIMITS.signInPerIp),
      () => send(t.app, '/api/user/signin', { email: uniqueEmail(), password: 'Wrong1234' }, ip),
      AuthMessages.tooManySignIns,
    );
  });

  it('limits sign-ups per IP and per e-mail', async () => {
    const ip = uniqueIp();
    await expectLimited(
      allowed(RATE_LIMITS.signUpPerIp),
      () =>
        send(t.app, '/api/user/signup', { fullname: 'Limit Tester', email: uniqueEmail(), password: 'Secret123' }, ip),
      AuthMessages.tooManySignUps,
    );
    const email = uniqueEmail();
    await expectLimited(
      allowed(RATE_LIMITS.signUpPerEmail),
      () => send(t.app, '/api/user/signup', { fullname: 'Limit Tester', email, password: 'Secret123' }, uniqueIp()),
      AuthMessages.tooManySignUps,
    );
  });

  it('limits Google sign-ins per IP', async () => {
    const ip = uniqueIp();
    await expectLimited(
      allowed(RATE_LIMITS.googlePerIp),
      () => send(t.app, '/api/user/google-auth', { access_token: 'not-a-token' }, ip),
      AuthMessages.tooManySignIns,
    );
  });

  it('limits forgot-password per IP and per e-mail', async () => {
    const ip = uniqueIp();
    await expectLimited(
      allowed(RATE_LIMITS.forgotPerIp),
      () => send(t.app, '/api/user/forgot-password', { email: uniqueEmail() }, ip),
      AuthMessages.tooManyResets,
    );
    const email = uniqueEmail();
    await expectLimited(
      allowed(RATE_LIMITS.forgotPerEmail),
      () => send(t.app, '/api/user/forgot-password', { email }, uniqueIp()),
      AuthMessages.tooManyResets,
    );
  });

  it('limits reset-password attempts per IP', async () => {
    const ip = uniqueIp();
    await expectLimited(
      allowed(RATE_LIMITS.resetPerIp),
      () => send(t.app, '/api/user/reset-password', { token: 'A'.repeat(43), password: 'Secret123' }, ip),
      AuthMessages.tooManyResets,
    );
  });
});
