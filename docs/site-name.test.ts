import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/*
 * A site's name is its owner's (issue 28: GET /api/site): the pages, mails, feeds and share cards
 * say it, so no text of the source may say "Inkwell" in its place. Only where the words name the
 * software itself may they, in the files below, each with why. Comments are no text: the
 * TypeScript compiler's syntax tree gives the strings, templates and JSX text alone. The search is
 * of the capitalised name, as people read it; the package's name (`@inkwell/contracts`) and
 * identifiers (`inkwell-state`) are not the site's.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The files that may name the software, and why. Paths from the repository's root. */
const NAMES_THE_SOFTWARE: Record<string, string> = {
  'apps/server/src/software-version.ts':
    'SOFTWARE_NAME, the one place the server writes it: the start-up line, the data folder’s lock, the embedded PostgreSQL’s advice, the OpenAPI document and the fetcher’s User-Agent name the program, not the site',
  'apps/web/src/features/admin/components/site-health.tsx':
    'the Version fact says which software and version the site runs (“Inkwell 1.0.0”)',
  'apps/web/src/features/imports/import-page.tsx':
    'the formats an import reads are named by the software that writes them (WordPress, Ghost… and an Inkwell export, of another site running it)',
};

/** Where the source is: the server's and the web app's, without tests and what only tests run. */
const SOURCES = ['apps/web/src', 'apps/server/src'];
const TEST_ONLY = new Set(['apps/server/src/test', 'apps/server/src/hostile', 'apps/server/src/faults']);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return TEST_ONLY.has(file) ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(file) ? [file] : [];
  });
}

/** Each text (string, template or JSX text) of the code that says the name, as `file:line: "text"`. */
function namingTexts(file: string, code = readFileSync(path.join(root, file), 'utf8')): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateLiteralToken(node) ||
        ts.isJsxText(node)) &&
      node.text.includes('Inkwell')
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: ${JSON.stringify(node.text.trim())}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('no text of the web app or the server says "Inkwell" where the site’s name belongs', () => {
  const files = SOURCES.flatMap(sourceFiles);
  expect(files.length).toBeGreaterThan(100);
  const found = files.filter((file) => !(file in NAMES_THE_SOFTWARE)).flatMap((file) => namingTexts(file));
  expect(found, 'say the site’s name (useSite(), or the server’s identity) instead').toEqual([]);
});

it('every file allowed to name the software still does, and exists', () => {
  for (const file of Object.keys(NAMES_THE_SOFTWARE)) expect(namingTexts(file), file).not.toEqual([]);
});

it('finds the name in strings, templates and JSX text, never in comments', () => {
  const scan = (code: string) => namingTexts('x.tsx', code);
  expect(scan('// Inkwell\n/** Inkwell */ const a = 1;')).toEqual([]);
  expect(scan("const a = 'Inkwell';")).toEqual(['x.tsx:1: "Inkwell"']);
  expect(scan('const a = `${x} | Inkwell`;')).toEqual(['x.tsx:1: "| Inkwell"']);
  expect(scan('const a = `Inkwell`;')).toEqual(['x.tsx:1: "Inkwell"']);
  expect(scan('const a = (\n  <p>\n    Welcome to Inkwell\n  </p>\n);')).toEqual(['x.tsx:3: "Welcome to Inkwell"']);
  expect(scan('const a = <a aria-label="Inkwell home" />;')).toEqual(['x.tsx:1: "Inkwell home"']);
  expect(scan("import { a } from '@inkwell/contracts'; const b = 'inkwell-state';")).toEqual([]);
});
