import { createChallenge, randomInt, verifySolution, type ChallengeParameters } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { defenceOn, type AltchaChallenge } from '@inkwell/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http-error.ts';
import { readSiteSettings } from '../site/index.ts';
import { keptSigningKey } from './signing-key.repository.ts';
import { spendChallenge } from './spent-challenges.repository.ts';

/*
 * The proof of work a site may ask of newcomers and of visitors subscribing by e-mail (ALTCHA,
 * version 2 of its protocol; packages/contracts/src/proof-of-work.ts). The server draws a counter,
 * derives its key and sends the key's first bytes with the salt and nonce, signed: the client must
 * derive key after key from counter 0 until it meets that prefix. Checking a solution costs one key.
 */

/**
 * How hard a challenge is. A key is PBKDF2-SHA-256 of `cost` iterations; the counter to find is
 * drawn between `min` and `max`, so a client derives 4,000 keys on average (4 million iterations).
 * Chromium derives about 5,500 of these keys a second on one thread of a shared x86 server core;
 * a phone does a third to a fifth of that per core, and the widget works on up to four cores at
 * once: about a second on a phone, a fraction of one on a computer (docs/operating.md).
 */
export const DIFFICULTY = { algorithm: 'PBKDF2/SHA-256', cost: 1_000, counter: { min: 2_000, max: 6_000 } } as const;
/** Long enough to fill in a form after the widget solved the challenge, short enough that stockpiling them is of little use. */
export const CHALLENGE_MINUTES = 10;

export interface ProofOfWorkDeps {
  db: Db;
  config: Pick<Config, 'altchaHmacKey'>;
}

/** The key the site made for itself, read once per database: it never changes. */
const madeKeys = new WeakMap<Db, Promise<string>>();

function signingKey({ db, config }: ProofOfWorkDeps): Promise<string> {
  if (config.altchaHmacKey) return Promise.resolve(config.altchaHmacKey);
  let key = madeKeys.get(db);
  if (!key) {
    key = keptSigningKey(db);
    madeKeys.set(db, key);
    // A database that did not answer is asked again next time.
    key.catch(() => madeKeys.delete(db));
  }
  return key;
}

/** A new challenge, signed, that expires in CHALLENGE_MINUTES. */
export async function newChallenge(deps: ProofOfWorkDeps): Promise<AltchaChallenge> {
  const challenge = await createChallenge({
    algorithm: DIFFICULTY.algorithm,
    cost: DIFFICULTY.cost,
    counter: randomInt(DIFFICULTY.counter.max, DIFFICULTY.counter.min),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    hmacSignatureSecret: await signingKey(deps),
  });
  return challenge as AltchaChallenge;
}

/** What the widget sends, decoded: the challenge as it was answered (every parameter, for its signature) and the solution. */
const SolvedChallenge = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.literal(DIFFICULTY.algorithm), expiresAt: z.number() }),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});
type SolvedChallenge = z.infer<typeof SolvedChallenge>;

function decode(altcha: string): SolvedChallenge | undefined {
  try {
    return SolvedChallenge.parse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
  } catch {
    return undefined;
  }
}

/** Whether the solution solves a challenge this site signed, before it expired. */
async function solves({ challenge, solution }: SolvedChallenge, key: string): Promise<boolean> {
  try {
    const parameters = challenge.parameters as unknown as ChallengeParameters;
    const result = await verifySolution({
      challenge: { ...challenge, parameters },
      solution,
      deriveKey,
      hmacSignatureSecret: key,
    });
    return result.verified;
  } catch {
    // Parameters no challenge of ours has (a nonce that is no hex): no solution of anything.
    return false;
  }
}

/**
 * Where the site asks for a proof of work now (its setting, or the spam-wave switch), the request
 * must carry a solution of a challenge of its own, not expired and never spent before; it is spent
 * here, whatever the rest of the request comes to, so each try costs its own work.
 */
export async function requireProofOfWork(deps: ProofOfWorkDeps, altcha: string | undefined): Promise<void> {
  const settings = await readSiteSettings(deps.db);
  // Whether the server sends mail matters to e-mail verification alone.
  if (!defenceOn(settings, 'proofOfWork', true)) return;
  if (!altcha) throw badRequest('proof_of_work_required');
  const solved = decode(altcha);
  if (!solved || !(await solves(solved, await signingKey(deps)))) throw badRequest('proof_of_work_failed');
  const expiresAt = new Date(solved.challenge.parameters.expiresAt * 1000);
  if (!(await spendChallenge(deps.db, solved.challenge.signature, expiresAt))) throw badRequest('proof_of_work_failed');
}
