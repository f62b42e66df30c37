import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The Markdown files git keeps or would keep: the README, the guides, the product's behaviour, the decisions. */
const markdownFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter(Boolean);

/*
 * Documents that name a moved or deleted file send the next engineer looking for it: every relative
 * link must resolve, and every file of the repository a document names in backticks from its root
 * (`apps/…`, `packages/…`, `e2e/…`, `docs/…`) must exist. Patterns (`*`, `<id>`) are descriptions,
 * not files.
 */
it('every link between documents resolves, and every file they name exists', () => {
  const missing: string[] = [];
  for (const file of markdownFiles) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      if (!existsSync(path.join(root, path.dirname(file), target!))) missing.push(`${file}: link ${target}`);
    }
    for (const [, named] of text.matchAll(/`((?:apps|packages|e2e|docs)\/[\w./-]+)`/g)) {
      if (!existsSync(path.join(root, named!))) missing.push(`${file}: ${named}`);
    }
  }
  expect(markdownFiles).toContain('docs/api.md');
  expect(missing, 'Mend these links or names of files in the documents').toEqual([]);
});
