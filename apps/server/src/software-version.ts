import { readFileSync } from 'node:fs';

/** The server's version, from its package.json, as NodeInfo and the admins' health panel report it. */
export const SOFTWARE_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
