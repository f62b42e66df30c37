import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

// Opening the database applies every pending migration. What stops it (a running server holding
// the data folder, a database that does not answer) is one line, as at start-up.
try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embedded: config.embeddedDatabase,
    timeoutSeconds: config.databaseTimeoutSeconds,
    poolSize: config.databasePoolSize,
    sharedBuffersMb: config.sharedBuffersMb,
  });
  await database.close();
  console.log(`migrations applied (${database.kind})`);
} catch (error) {
  console.error(`inkwell: ${(error as Error).message}`);
  process.exit(1);
}
