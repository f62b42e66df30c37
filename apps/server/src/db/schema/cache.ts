import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * The generation of what anonymous reads show: every write that may change one moves it on, and an
 * instance compares it with its own before serving from its cache (see plugins/read-cache-generation.ts).
 * A sequence, not a row: moving it on takes no lock a concurrent write could wait for.
 */
export const cacheGeneration = pgSequence('cache_generation');
