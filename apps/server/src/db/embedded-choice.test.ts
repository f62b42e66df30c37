import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { chooseEmbeddedDatabase } from './embedded-choice.ts';

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-choice-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const folderHolding = (name: string, ...databases: string[]) => {
  const dataDir = path.join(work, name);
  for (const database of databases) mkdirSync(path.join(dataDir, database), { recursive: true });
  return dataDir;
};

it('keeps the database a data folder already holds, so an upgrade never starts an empty one beside it', async () => {
  expect(await chooseEmbeddedDatabase(folderHolding('old', 'pgdata'), undefined)).toEqual({ engine: 'pglite' });
  expect(await chooseEmbeddedDatabase(folderHolding('new', 'postgres'), undefined)).toEqual({
    engine: 'embedded-postgres',
  });
});

it('runs what DATABASE names, whatever the folder holds', async () => {
  expect(await chooseEmbeddedDatabase(folderHolding('asked', 'pgdata'), 'embedded-postgres')).toEqual({
    engine: 'embedded-postgres',
  });
  expect(await chooseEmbeddedDatabase(folderHolding('asked-2', 'postgres'), 'pglite')).toEqual({ engine: 'pglite' });
});

it('asks which to run, in one line, when a folder holds both', async () => {
  const dataDir = folderHolding('both', 'pgdata', 'postgres');
  await expect(chooseEmbeddedDatabase(dataDir, undefined)).rejects.toThrow(
    `The data folder ${dataDir} holds both a PGlite (pgdata) and a PostgreSQL (postgres) database: say which to run with DATABASE=pglite or DATABASE=embedded-postgres`,
  );
});

it.runIf(process.platform === 'linux')('gives a new folder the embedded PostgreSQL where it can run', async () => {
  chmodSync(work, 0o755);
  try {
    expect(await chooseEmbeddedDatabase(path.join(work, 'fresh'), undefined)).toEqual({ engine: 'embedded-postgres' });
  } finally {
    chmodSync(work, 0o700);
  }
});

it.runIf(process.getuid?.() === 0)(
  'run by root, gives a new folder PGlite and says why when PostgreSQL could not reach it',
  async () => {
    // The folder above is root's alone (0700): the postgres account PostgreSQL would run as cannot enter it.
    const choice = await chooseEmbeddedDatabase(path.join(work, 'unreachable'), undefined);
    expect(choice.engine).toBe('pglite');
    expect(choice.fallback).toMatch(
      /^PostgreSQL does not run as root, so it runs as uid \d+, which cannot reach .*unreachable: /,
    );
  },
);
