import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<Database & { url: string | undefined; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { ...database, url: undefined, drop: () => database.close() };
  }
  const empty = await createEmptyDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: 'unused' });
  return {
    ...database,
    url: empty.url,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new database with nothing in it (not even the migrations) on the PostgreSQL server of TEST_DATABASE_URL: to restore a backup into. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL names no PostgreSQL server');
  const name = `inkwell_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
