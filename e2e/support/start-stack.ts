import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { FRONT_ORIGIN } from './front-origin.ts';
import { startGoogleIdpStandIn } from './google-idp-stand-in.ts';
import { startMailInbox } from './mail-inbox.ts';
import { SITE_OWNER } from './site-owner.ts';

/**
 * The stack the browser tests talk to: the real server on a fresh data folder, so on the embedded
 * database a new install gets (ADR 5), with the
 * local stand-ins for outside services (Google's identity provider, an SMTP inbox) beside it.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(path.join(tmpdir(), 'inkwell-e2e-'));
// Run by root, the embedded PostgreSQL runs as the postgres account, which must reach the folder.
chmodSync(dataDir, 0o755);
const google = await startGoogleIdpStandIn();
const mailInbox = await startMailInbox();

const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ...google.env,
  SMTP_URL: mailInbox.smtpUrl,
  // Many tests sign up from one address; the limits themselves are proven in the server tests.
  RATE_LIMIT_MULTIPLIER: '1000',
  // Pages a spec serves itself (link previews) are reached as http://localhost:<port>; the SSRF refusals are proven in the server tests.
  FETCH_ALLOW_HOSTS: 'localhost',
  CORS_ORIGINS: FRONT_ORIGIN,
  // Scheduled blogs come out within a second of their time, while a test polls for them.
  SCHEDULED_PUBLISH_SECONDS: '1',
  // Mails to subscribers go out within a moment of a publish, while a test polls the inbox.
  JOB_POLL_SECONDS: '0.5',
});
const database = await openDatabase({
  dataDir,
  onFallback: (reason) => console.warn(`e2e: on PGlite, not the embedded PostgreSQL: ${reason}`),
});
const app = await buildApp({ config, database, logger: true });
const owner = await app.inject({ method: 'POST', url: '/api/user/signup', payload: SITE_OWNER });
if (owner.statusCode !== 200) throw new Error(`e2e: the site owner could not sign up: ${owner.body}`);
await app.listen({ port, host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await database.close();
  await Promise.all([google.close(), mailInbox.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
