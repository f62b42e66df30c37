export { RATE_LIMITS, type RateLimitName, type RateLimitRule } from './rate-limit-table.ts';
export { hit, reset } from './rate-limits.service.ts';
