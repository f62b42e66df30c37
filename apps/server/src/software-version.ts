import { readFileSync } from 'node:fs';

/**
 * The software's name, which is not the site's (that is its admins' choice, `app.siteIdentity()`):
 * in the start-up line, errors about the process, the fetcher's User-Agent and the API document.
 */
export const SOFTWARE_NAME = 'Inkwell';

/** The server's version, from its package.json, as NodeInfo and the admins' health panel report it. */
export const SOFTWARE_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
