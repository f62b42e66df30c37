import { config } from 'zod/v4/core';

/*
 * zod compiles object parsers with `new Function`, and probes for it once with a `new Function`
 * of its own, when a schema is built; the Content-Security-Policy (no 'unsafe-eval') refuses it
 * and the browser reports a violation, caught or not. Without the compiler zod parses the same.
 * It must run before any schema is built: the first import of the entry.
 */
config({ jitless: true });
