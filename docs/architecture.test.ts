import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Folders whose every folder needs its own line; `*` stands for each folder there. */
const DOCUMENTED_LEVELS = [
  '.',
  'apps',
  'packages',
  'apps/*',
  'packages/*',
  'e2e',
  'docs',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web/src',
  'apps/web/src/features',
];

/**
 * Every folder that holds a file git keeps or would keep (tracked, or new and not ignored): the
 * folders of the source, without node_modules, builds or data, and with a folder just added.
 */
function sourceFolders(): Set<string> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const folders = new Set<string>();
  for (const file of files.split('\0').filter(Boolean)) {
    for (let folder = path.posix.dirname(file); folder !== '.'; folder = path.posix.dirname(folder))
      folders.add(folder);
  }
  return folders;
}

function levels(folders: Set<string>): string[] {
  return DOCUMENTED_LEVELS.flatMap((level) => {
    if (!level.endsWith('/*')) return [level];
    const parent = level.slice(0, -2);
    return [...folders].filter((folder) => path.posix.dirname(folder) === parent);
  });
}

it('docs/ARCHITECTURE.md has a line for every folder of the source', () => {
  const folders = sourceFolders();
  const architecture = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const required = levels(folders).flatMap((level) =>
    [...folders].filter((folder) => path.posix.dirname(folder) === level),
  );
  const missing = required.filter((folder) => !architecture.includes(`\`${folder}\``)).sort();
  expect(required).toContain('apps/server/src/modules/blogs');
  expect(
    missing,
    `Give each of these folders a line in docs/ARCHITECTURE.md, as a backticked path:\n${missing.join('\n')}`,
  ).toEqual([]);
});
