import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ownerlessLine } from './modules/staff/index.ts';
import { listenFailure, logStream, readyLine } from './start-up.ts';

/** What stops the start is said in one line a person can act on, never a stack trace. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config: Config;
  let database: Database;
  try {
    config = loadConfig();
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embedded: config.embeddedDatabase,
      timeoutSeconds: config.databaseTimeoutSeconds,
      replicaUrls: config.databaseReplicaUrls,
      poolSize: config.databasePoolSize,
      sharedBuffersMb: config.sharedBuffersMb,
      onFallback: (reason) =>
        console.warn(`inkwell: the data folder runs PGlite, not the embedded PostgreSQL: ${reason}`),
    });
  } catch (error) {
    fail(`inkwell: ${(error as Error).message}`);
  }
  const app = await buildApp({ config, database, logger: true, logStream: logStream(process.stdout.isTTY) });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets in-flight requests finish, then closes the database (CHECKPOINT on PGlite).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    fail(listenFailure(error as NodeJS.ErrnoException, config.port));
  }
  console.log(readyLine(config, database.kind, app.server.address() as AddressInfo));
  // A stop right after the ready line may close the database under this query: then nothing is left to say.
  const ownerless = await ownerlessLine(database.db).catch((error: unknown) => {
    if (closing) return undefined;
    throw error;
  });
  if (ownerless) console.log(ownerless);
}

await main();
