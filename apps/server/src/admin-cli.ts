import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { embeddedPostgresUrl } from './db/embedded-postgres.ts';
import { runAdminCommand } from './modules/staff/index.ts';

/**
 * `npm run admin -- <owner|admin|moderator|member> <email>`, on the database the server uses. While
 * the server runs on the embedded PostgreSQL, through that server's socket; PGlite has one user at
 * a time, so then the server must be stopped first (the message says so).
 */
async function open(): Promise<Database> {
  const config = loadConfig();
  const options = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embedded: config.embeddedDatabase,
    timeoutSeconds: config.databaseTimeoutSeconds,
    poolSize: config.databasePoolSize,
    sharedBuffersMb: config.sharedBuffersMb,
  };
  try {
    return await openDatabase(options);
  } catch (error) {
    const running = !config.databaseUrl && existsSync(path.join(config.dataDir, 'postgres', 'postmaster.pid'));
    if (!running) throw error;
    return openDatabase({ ...options, databaseUrl: embeddedPostgresUrl(config.dataDir) });
  }
}

try {
  const database = await open();
  try {
    console.log(await runAdminCommand(database.db, process.argv.slice(2)));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`inkwell: ${(error as Error).message}`);
  process.exit(1);
}
