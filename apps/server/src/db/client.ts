import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';
import { surviveDroppedConnections } from './dropped-connections.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type Listener = (payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a LISTEN channel; resolves to an unsubscribe function. */
  listen(channel: string, onMessage: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Data folder for PGlite; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

export async function openDatabase({ databaseUrl, dataDir }: OpenOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let release = async () => {};
  let client: PgliteThread;
  if (inMemory) {
    client = await startPgliteThread(dataDir);
  } else {
    const pgdata = path.join(dataDir, 'pgdata');
    try {
      mkdirSync(pgdata, { recursive: true });
    } catch (error) {
      throw new Error(`Cannot open the data folder ${dataDir}: ${(error as Error).message}`);
    }
    release = lockDataDir(dataDir);
    try {
      client = await startPgliteThread(pgdata);
    } catch (error) {
      await release();
      throw new Error(`Cannot open the database in the data folder ${dataDir}: ${(error as Error).message}`);
    }
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    async close() {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  surviveDroppedConnections(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migrateWithLock(pool, () => migratePg(db as never, { migrationsFolder }));
  const handlers = new Map<string, Set<Listener>>();
  let listener: Promise<pg.PoolClient> | undefined;
  let closed = false;

  const dispatch = (msg: pg.Notification) => {
    for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
  };
  /** One connection LISTENs on every channel; when it drops, a new one takes over all of them. */
  const connectListener = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    client.on('notification', dispatch);
    try {
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    // Only once it listens: an attempt that fails is the retry loop's alone, or a second loop would
    // start beside it and one of their connections would stay checked out for ever.
    client.once('error', () => {
      client.release(true);
      listener = undefined;
      if (!closed) void relisten();
    });
    return client;
  };
  const relisten = async () => {
    for (let delay = 100; !closed && !listener; delay = Math.min(delay * 2, 5000)) {
      const attempt = connectListener();
      listener = attempt;
      try {
        await attempt;
      } catch {
        listener = undefined;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (listener) await (await listener).query(`LISTEN ${quoteChannel(channel)}`);
      }
      set.add(onMessage);
      listener ??= connectListener();
      await listener;
      return async () => {
        set.delete(onMessage);
      };
    },
    async close() {
      closed = true;
      const client = await listener?.catch(() => undefined);
      // The server may still cut it while it closes; once it is back in the pool, the pool's handler copes.
      client?.removeAllListeners('error');
      client?.release();
      await pool.end();
    },
  };
}

const quoteChannel = (channel: string) => `"${channel.replaceAll('"', '')}"`;

/** Serialises migrations across instances starting at once on one PostgreSQL. */
async function migrateWithLock(pool: pg.Pool, run: () => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727272)');
    await run();
  } finally {
    await client.query('SELECT pg_advisory_unlock(727272)').catch(() => {});
    client.release();
  }
}
