import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

// Opening the database applies every pending migration.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log(`migrations applied (${database.kind})`);
