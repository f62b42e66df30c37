import type { RateLimit } from '../rate-limits/rate-limits.service.ts';

const minutes = (n: number) => n * 60;

/** E-mails are keys whatever their case or surrounding spaces. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The limits of the account endpoints (multiplied by RATE_LIMIT_MULTIPLIER). Per-IP limits are
 * generous because a school or office shares one address; per-account limits stop guessing.
 * Windows are fixed and short, so an attacker can delay the owner but never lock them out for long.
 */
export const AuthLimits = {
  signInPerIp: (ip: string): RateLimit => ({ key: `signin:ip:${ip}`, limit: 100, windowSeconds: minutes(15) }),
  /** Attempts since the last successful sign-in: forgotten as soon as the owner gets in. */
  signInPerAccount: (email: string): RateLimit => ({ key: `signin:account:${emailKey(email)}`, limit: 10, windowSeconds: minutes(15) }),
  signUpPerIp: (ip: string): RateLimit => ({ key: `signup:ip:${ip}`, limit: 100, windowSeconds: minutes(60) }),
  signUpPerEmail: (email: string): RateLimit => ({ key: `signup:email:${emailKey(email)}`, limit: 5, windowSeconds: minutes(60) }),
  googlePerIp: (ip: string): RateLimit => ({ key: `google:ip:${ip}`, limit: 100, windowSeconds: minutes(15) }),
  forgotPerIp: (ip: string): RateLimit => ({ key: `forgot:ip:${ip}`, limit: 20, windowSeconds: minutes(60) }),
  /** Keeps anyone from flooding a mailbox with reset mails. */
  forgotPerEmail: (email: string): RateLimit => ({ key: `forgot:email:${emailKey(email)}`, limit: 3, windowSeconds: minutes(60) }),
  resetPerIp: (ip: string): RateLimit => ({ key: `reset:ip:${ip}`, limit: 20, windowSeconds: minutes(60) }),
};
