import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, type AltchaChallenge, type SiteSettings } from '@inkwell/contracts';
import { proofOfWorkKey, spentChallenges } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';
import { solved } from '../../test/proof-of-work.ts';
import { CHALLENGE_MINUTES, DIFFICULTY } from './proof-of-work.service.ts';
import { keptSigningKey } from './signing-key.repository.ts';
import { spendChallenge } from './spent-challenges.repository.ts';

let t: TestApp;
let owner: TestUser;
let author: TestUser;
beforeAll(async () => {
  // Many sign-ups from one address: the rate limits have their own tests.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  owner = await buildUser(t.app, { fullname: 'Owen Owner' });
  author = await buildUser(t.app, { fullname: 'Ada Author' });
});
afterAll(() => t.close());

const refusal = (code: keyof typeof ErrorMessages) => ({ error: ErrorMessages[code], code });
const settings = async (changes: Partial<SiteSettings>) => {
  const res = await post(t.app, '/api/admin/update-settings', { reason: 'spam', ...changes }, owner.token);
  expect(res.statusCode, res.body).toBe(200);
};
const signUp = (extra: object = {}) =>
  post(t.app, '/api/user/signup', {
    fullname: 'New Person',
    email: `new.${uniqueId()}@example.com`,
    password: 'Abc12345',
    ...extra,
  });
const subscribe = (extra: object = {}, token?: string) =>
  post(
    t.app,
    '/api/user/subscribe',
    { username: author.username, email: `v.${uniqueId()}@example.net`, ...extra },
    token,
  );

async function fetchChallenge(app = t.app): Promise<AltchaChallenge> {
  const res = await app.inject({ method: 'GET', url: '/api/altcha/challenge' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<AltchaChallenge>();
}

/** A challenge this test makes itself, quick to solve: signed with `key`, expiring at `expiresAt`. */
const madeChallenge = (key: string, expiresAt = new Date(Date.now() + 60_000)) =>
  createChallenge({
    algorithm: DIFFICULTY.algorithm,
    cost: DIFFICULTY.cost,
    counter: 5,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: key,
  });

const siteKey = async () => (await t.app.db.select({ key: proofOfWorkKey.key }).from(proofOfWorkKey))[0]!.key;

describe('the challenge', () => {
  it('is anyone’s, signed, expires in ten minutes, and is never cached', async () => {
    const before = Date.now() / 1000;
    const challenge = await fetchChallenge();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: DIFFICULTY.cost });
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(Math.floor(before + CHALLENGE_MINUTES * 60));
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000 + CHALLENGE_MINUTES * 60));
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetchChallenge()).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('is signed with a key the site made and keeps in its database, the same for every instance', async () => {
    await fetchChallenge();
    const key = await siteKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // Asked for again, by any instance, at once: the key kept is answered, never a new one.
    expect(await Promise.all([keptSigningKey(t.app.db), keptSigningKey(t.app.db)])).toEqual([key, key]);
  });
});

describe('with proof of work off (a new site)', () => {
  it('signs up and subscribes a visitor without one, whatever `altcha` holds', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ proofOfWork: false });
    expect((await signUp()).statusCode).toBe(200);
    expect((await signUp({ altcha: 'not a solution' })).statusCode).toBe(200);
    expect((await subscribe()).statusCode).toBe(200);
  });
});

describe('with proof of work on', () => {
  beforeAll(() => settings({ proofOfWork: true }));
  afterAll(() => settings({ proofOfWork: false }));

  it('tells clients, and asks sign-up for a solved challenge, which it takes once', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ proofOfWork: true });
    const missing = await signUp();
    expect([missing.statusCode, missing.json()]).toEqual([400, refusal('proof_of_work_required')]);
    expect((await signUp({ altcha: '' })).json()).toEqual(refusal('proof_of_work_required'));

    const altcha = await solved(await fetchChallenge());
    const res = await signUp({ altcha });
    expect(res.statusCode, res.body).toBe(200);
    const again = await signUp({ altcha });
    expect([again.statusCode, again.json()]).toEqual([400, refusal('proof_of_work_failed')]);
  });

  it('refuses a challenge it did not sign, an expired one, a wrong solution and what is no payload', async () => {
    const failed = async (altcha: string) => {
      const res = await signUp({ altcha });
      expect([res.statusCode, res.json()], altcha).toEqual([400, refusal('proof_of_work_failed')]);
    };
    await failed(await solved(await madeChallenge('another site’s key, long enough to be one')));
    await failed(await solved(await madeChallenge(await siteKey(), new Date(Date.now() - 1000))));

    const challenge = await fetchChallenge();
    const wrong = { counter: 1, derivedKey: '00'.repeat(32) };
    await failed(Buffer.from(JSON.stringify({ challenge, solution: wrong })).toString('base64'));
    // A solution whose challenge says it is harder or lasts longer than it was signed for.
    const good = JSON.parse(Buffer.from(await solved(challenge), 'base64').toString()) as {
      challenge: AltchaChallenge;
    };
    good.challenge.parameters.expiresAt += 3600;
    await failed(Buffer.from(JSON.stringify(good)).toString('base64'));
    await failed('bm90IGpzb24=');
    await failed(Buffer.from(JSON.stringify({ challenge: { parameters: {} } })).toString('base64'));
  });

  it('asks it of a newcomer who applies where the staff approve who joins', async () => {
    await settings({ registration: 'approval' });
    try {
      const reason = 'I write about fells';
      expect((await signUp({ reason })).json()).toEqual(refusal('proof_of_work_required'));
      const applied = await signUp({ reason, altcha: await solved(await fetchChallenge()) });
      expect([applied.statusCode, applied.json().status]).toEqual([202, 'applied']);
    } finally {
      await settings({ registration: 'open' });
    }
  });

  it('asks it of a visitor subscribing by e-mail, not of a signed-in reader', async () => {
    const missing = await subscribe();
    expect([missing.statusCode, missing.json()]).toEqual([400, refusal('proof_of_work_required')]);
    const altcha = await solved(await fetchChallenge());
    const res = await subscribe({ altcha });
    expect(res.statusCode, res.body).toBe(200);
    expect((await subscribe({ altcha })).json()).toEqual(refusal('proof_of_work_failed'));
    // Nor is a solution spent on a subscription taken for a sign-up.
    expect((await signUp({ altcha })).json()).toEqual(refusal('proof_of_work_failed'));
    expect((await subscribe({}, owner.token)).statusCode).toBe(200);
  });
});

describe('the spam-wave switch', () => {
  it('asks for a proof of work while it is on, whatever the setting', async () => {
    await settings({ proofOfWork: false, spamWave: true });
    try {
      expect((await t.app.inject('/api/config')).json()).toMatchObject({ proofOfWork: true });
      expect((await signUp()).json()).toEqual(refusal('proof_of_work_required'));
      expect((await subscribe()).json()).toEqual(refusal('proof_of_work_required'));
      expect((await signUp({ altcha: await solved(await fetchChallenge()) })).statusCode).toBe(200);
    } finally {
      await settings({ spamWave: false });
    }
    expect((await signUp()).statusCode).toBe(200);
  });
});

describe('spent challenges', () => {
  it('are forgotten an hour after they expire, once nothing could take them again', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await t.app.db.insert(spentChallenges).values([
      { signature: 'long-gone', expiresAt: hoursAgo(2) },
      { signature: 'just-expired', expiresAt: hoursAgo(0.5) },
    ]);
    expect(await spendChallenge(t.app.db, 'fresh', new Date(Date.now() + 60_000))).toBe(true);
    expect(await spendChallenge(t.app.db, 'fresh', new Date(Date.now() + 60_000))).toBe(false);
    const left = (await t.app.db.select({ signature: spentChallenges.signature }).from(spentChallenges)).map(
      (row) => row.signature,
    );
    expect(left).toEqual(expect.arrayContaining(['just-expired', 'fresh']));
    expect(left).not.toContain('long-gone');
  });
});

describe('ALTCHA_HMAC_KEY', () => {
  it('signs the challenges when set, and the site makes no key of its own', async () => {
    const key = 'k'.repeat(40);
    const own = await buildTestApp({ ALTCHA_HMAC_KEY: key });
    try {
      const first = await buildUser(own.app);
      await post(own.app, '/api/admin/update-settings', { proofOfWork: true, reason: '' }, first.token);
      const altcha = await solved(await madeChallenge(key));
      const res = await post(own.app, '/api/user/signup', {
        fullname: 'Keyed Person',
        email: `keyed.${uniqueId()}@example.com`,
        password: 'Abc12345',
        altcha,
      });
      expect(res.statusCode, res.body).toBe(200);
      await fetchChallenge(own.app);
      expect(await own.app.db.select().from(proofOfWorkKey)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
