import './zod-jitless.ts';

/*
 * The contracts, zod and their schemas, for api() to load on the first answer it checks (it finds
 * the answer's schema in the map of the API, `apiCallOf`): the reading pages are interactive
 * before, on about 30 KB less JavaScript. zod-jitless.ts comes first, as zod must not build a
 * schema before it has run.
 */
export * from '@inkwell/contracts';
