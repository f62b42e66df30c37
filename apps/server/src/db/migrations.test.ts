import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'inkwell-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('has committed migrations that match the Drizzle schema', () => {
  const out = path.join(work, 'drizzle');
  cpSync(path.join(serverDir, 'drizzle'), out, { recursive: true });
  const before = readdirSync(out).sort();
  const printed = execFileSync(
    path.join(serverDir, '../../node_modules/.bin/drizzle-kit'),
    [
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      path.join(serverDir, 'src/db/schema/index.ts'),
      '--out',
      path.relative(serverDir, out),
    ],
    { cwd: serverDir, encoding: 'utf8' },
  );
  expect(readdirSync(out).sort(), `drizzle-kit would generate a new migration:\n${printed}`).toEqual(before);
});
