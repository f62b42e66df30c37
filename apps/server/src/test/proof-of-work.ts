import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { AltchaChallenge } from '@inkwell/contracts';

/** What ALTCHA's widget sends for a challenge: it and the solution altcha-lib's own solver finds, base64 of their JSON. */
export async function solved(challenge: Challenge | AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A challenge of the app's own, solved as a browser would: the `altcha` of a sign-up or a visitor's subscription. */
export async function proofOfWork(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/altcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return solved(res.json<AltchaChallenge>());
}
