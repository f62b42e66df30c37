import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir, makeDataFolder } from './data-dir-lock.ts';
import { chooseEmbeddedDatabase, type EmbeddedDatabase } from './embedded-choice.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { boundedPool } from './bounded-pool.ts';
import { DEFAULT_POOL_SIZE, DEFAULT_SHARED_BUFFERS_MB } from './database-memory.ts';
import { memoryTemplateFile } from './memory-template.ts';
import { openReplicas, type Replicas } from './replicas.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Db, '_' | 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type Listener = (payload: string) => void;

export interface Database {
  db: Db;
  /** The embedded ones run a single instance on a locked folder; a PostgreSQL server may have others beside it. */
  kind: 'pglite' | 'embedded-postgres' | 'postgres';
  /**
   * Subscribes to a LISTEN channel; resolves to an unsubscribe function. On PostgreSQL the listening
   * connection may drop and be replaced: what was notified in between is lost, so `onResume` is
   * called once the new one listens, for the subscriber to catch up from the data itself. PGlite,
   * in this process, never drops it.
   */
  listen(channel: string, onMessage: Listener, onResume?: () => void): Promise<() => Promise<void>>;
  /** The pool's connections, for the metrics; none on PGlite (one connection, in this process). */
  poolUse?(): PoolUse;
  /** PostgreSQL with DATABASE_REPLICA_URLS: the replicas anonymous reads may be answered from. */
  replicas?: Replicas;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Open connections, idle or lent out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection of a full pool. */
  waiting: number;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Data folder for the embedded database; `memory://` keeps PGlite in memory (tests). */
  dataDir: string;
  /** Which embedded database, when there is no DATABASE_URL; unset, the data folder decides (chooseEmbeddedDatabase). */
  embedded?: EmbeddedDatabase | undefined;
  /** Told why a new data folder runs PGlite where the embedded PostgreSQL was the choice. */
  onFallback?: (reason: string) => void;
  /** PostgreSQL: how long a connection or a statement may take before it fails as unavailable (DATABASE_TIMEOUT_SECONDS). */
  timeoutSeconds?: number;
  /** Read replicas of databaseUrl's database (DATABASE_REPLICA_URLS). */
  replicaUrls?: string[];
  /** PostgreSQL: connections the pool keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** The embedded databases' shared_buffers in MiB (DATABASE_SHARED_BUFFERS_MB); unset, each one's default. */
  sharedBuffersMb?: number | undefined;
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  embedded,
  onFallback,
  timeoutSeconds = 5,
  replicaUrls = [],
  poolSize = DEFAULT_POOL_SIZE,
  sharedBuffersMb,
}: OpenOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl, timeoutSeconds * 1000, poolSize, replicaUrls);
  if (dataDir.startsWith('memory://')) return openPglite(dataDir, sharedBuffersMb);
  const choice = await chooseEmbeddedDatabase(dataDir, embedded);
  if (choice.fallback) onFallback?.(choice.fallback);
  return choice.engine === 'embedded-postgres'
    ? openEmbeddedPostgres(dataDir, timeoutSeconds * 1000, poolSize, sharedBuffersMb)
    : openPglite(dataDir, sharedBuffersMb);
}

/** PostgreSQL's own server run from the data folder, then used as any PostgreSQL is. */
async function openEmbeddedPostgres(
  dataDir: string,
  timeoutMs: number,
  poolSize: number,
  sharedBuffersMb: number = DEFAULT_SHARED_BUFFERS_MB['embedded-postgres'],
): Promise<Database> {
  const server = await startEmbeddedPostgres(dataDir, { poolSize, sharedBuffersMb });
  let database: Database;
  try {
    database = await openPostgres(server.url, timeoutMs, poolSize);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    ...database,
    kind: 'embedded-postgres',
    async close() {
      await database.close();
      await server.stop();
    },
  };
}

async function openPglite(
  dataDir: string,
  sharedBuffersMb: number = DEFAULT_SHARED_BUFFERS_MB.pglite,
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let release = async () => {};
  let client: PgliteThread;
  let writeTemplate = async () => {};
  if (inMemory) {
    const template = memoryTemplateFile(migrationsFolder);
    if (existsSync(template)) {
      client = await startPgliteThread(dataDir, { template, sharedBuffersMb });
    } else {
      client = await startPgliteThread(dataDir, { sharedBuffersMb });
      writeTemplate = () => client.dumpTo(template);
    }
  } else {
    const pgdata = path.join(dataDir, 'pgdata');
    makeDataFolder(dataDir, pgdata);
    release = lockDataDir(dataDir);
    try {
      client = await startPgliteThread(pgdata, { sharedBuffersMb });
    } catch (error) {
      await release();
      throw new Error(`Cannot open the database in the data folder ${dataDir}: ${(error as Error).message}`);
    }
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // Only a shortcut for the next database: one that could not be written leaves that one to migrate afresh.
  await writeTemplate().catch(() => {});
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

async function openPostgres(
  url: string,
  timeoutMs: number,
  poolSize: number,
  replicaUrls: string[] = [],
): Promise<Database> {
  await migrateWithLock(url, timeoutMs);
  const pool = boundedPool(url, timeoutMs, poolSize);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const replicas = replicaUrls.length > 0 ? openReplicas(db, replicaUrls, timeoutMs, poolSize) : undefined;
  const handlers = new Map<string, Set<Listener>>();
  const resumers = new Set<() => void>();
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
        continue;
      }
      for (const resume of resumers) resume();
    }
  };
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(replicas && { replicas }),
    async listen(channel, onMessage, onResume) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (listener) await (await listener).query(`LISTEN ${quoteChannel(channel)}`);
      }
      set.add(onMessage);
      if (onResume) resumers.add(onResume);
      listener ??= connectListener();
      await listener;
      return async () => {
        set.delete(onMessage);
        if (onResume) resumers.delete(onResume);
      };
    },
    async close() {
      closed = true;
      const client = await listener?.catch(() => undefined);
      // The server may still cut it while it closes; once it is back in the pool, the pool's handler copes.
      client?.removeAllListeners('error');
      client?.release();
      await Promise.all([pool.end(), replicas?.close()]);
    },
  };
}

const quoteChannel = (channel: string) => `"${channel.replaceAll('"', '')}"`;

/**
 * Applies pending migrations, serialised across instances starting at once on one PostgreSQL. On a
 * connection of its own, bounded only while connecting: a migration may take long, and so may
 * waiting for another instance's. Its session's advisory lock ends with it.
 */
async function migrateWithLock(url: string, timeoutMs: number) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, keepAlive: true });
  // A drop fails the statement running; pg would also emit it, and an 'error' nobody hears ends the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    const reason =
      (error as Error).message === 'timeout expired'
        ? `no answer within ${timeoutMs / 1000} s (DATABASE_TIMEOUT_SECONDS)`
        : (error as Error).message;
    throw new Error(`Cannot connect to PostgreSQL: ${reason}`, { cause: error });
  }
  try {
    await client.query('SELECT pg_advisory_lock(727272)');
    await migratePg(drizzlePg(client) as never, { migrationsFolder });
  } finally {
    await client.end().catch(() => {});
  }
}
