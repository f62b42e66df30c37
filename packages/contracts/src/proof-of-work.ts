import { z } from 'zod';

/*
 * The proof of work a site may ask of whoever signs up, and of a visitor subscribing by e-mail
 * (site-settings.ts `proofOfWork`, or the spam-wave switch): ALTCHA's open protocol, version 2.
 * `GET /api/altcha/challenge` answers a challenge signed by the server; the client looks for the
 * counter whose derived key starts with `keyPrefix` (about a second's work on a phone) and sends
 * challenge and solution together, as base64 of their JSON, in the form's `altcha` field. The
 * server checks the signature, the expiry and the key, and takes each challenge once.
 */

/** The `altcha` field of sign-up and subscribe: base64 of `{ challenge, solution }`, as ALTCHA's widget makes it. */
export const AltchaPayload = z.string().max(4000);

/** What `GET /api/altcha/challenge` answers: the parameters to solve, and the server's signature of them. */
export const AltchaChallenge = z.object({
  parameters: z.object({
    /** How keys are derived from the salt and the nonce with a counter (`PBKDF2/SHA-256`). */
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    /** The key derivation's own cost (PBKDF2's iterations). */
    cost: z.number().int(),
    keyLength: z.number().int(),
    /** The start of the derived key the solution's counter gives. */
    keyPrefix: z.string(),
    /** When the challenge stops being taken, in seconds since the epoch. */
    expiresAt: z.number().int(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;
