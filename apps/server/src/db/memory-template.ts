/**
 * Where an in-memory database (tests) starts from. Creating PGlite's data folder and running every
 * migration costs about six seconds of CPU; loading a copy of an already migrated folder about one
 * and a half. Each test file opens its own database, so the first one to open writes the migrated
 * folder to the system's temporary folder and the others load it. The file's name holds a hash of
 * the migrations and of PGlite's version: a changed migration or an upgrade gets a new template, never
 * a stale one. The migrations still run on every database opened from it (they find nothing to do).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function memoryTemplateFile(migrationsFolder: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const name = path.join(file.parentPath, file.name);
    hash.update(path.relative(migrationsFolder, name)).update(readFileSync(name));
  }
  return path.join(tmpdir(), `inkwell-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
