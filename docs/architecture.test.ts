import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
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

const architecture = () => readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
it('docs/ARCHITECTURE.md has a line for every folder of the source', () => {
  const folders = sourceFolders();
  const text = architecture();
  const required = levels(folders).flatMap((level) =>
    [...folders].filter((folder) => path.posix.dirname(folder) === level),
  );
  const missing = required.filter((folder) => !text.includes(`\`${folder}\``)).sort();
  expect(required).toContain('apps/server/src/modules/blogs');
  expect(
    missing,
    `Give each of these folders a line in docs/ARCHITECTURE.md, as a backticked path:\n${missing.join('\n')}`,
  ).toEqual([]);
});

const modulesFolder = path.join(root, 'apps/server/src/modules');
const serverModules = () =>
  readdirSync(modulesFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);

/** The names a file exports, values and types alike; `*` for an `export *`, which names no limit. */
function exportedNames(file: string): string[] {
  const source = parse(file);
  return source.statements.flatMap((statement): string[] => {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      return clause && ts.isNamedExports(clause) ? clause.elements.map((element) => element.name.text) : ['*'];
    }
    if (!ts.canHaveModifiers(statement)) return [];
    if (!ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.map((declaration) => declaration.name.getText(source));
    const { name } = statement as ts.DeclarationStatement;
    return name ? [name.getText(source)] : [];
  });
}

it('gives every server module an index.ts, its public file, of 15 names at most', () => {
  const modules = serverModules();
  expect(modules).toContain('blogs');
  const missing = modules.filter((name) => !existsSync(path.join(modulesFolder, name, 'index.ts')));
  expect(missing, 'Give each of these modules an index.ts').toEqual([]);
  const tooWide = modules
    .map((name) => ({ name, exports: exportedNames(path.join(modulesFolder, name, 'index.ts')) }))
    .filter(({ exports }) => exports.length > 15 || exports.includes('*'))
    .map(({ name, exports }) => `${name}: ${exports.join(', ')}`);
  expect(tooWide, 'A module does too much when its index.ts exports more than 15 names (or all of a file)').toEqual([]);
});

it('names every schema file in docs/ARCHITECTURE.md', () => {
  const text = architecture();
  const files = readdirSync(path.join(root, 'apps/server/src/db/schema')).filter(
    (file) => file.endsWith('.ts') && file !== 'index.ts',
  );
  expect(files).toContain('blogs.ts');
  expect(files.filter((file) => !text.includes(`\`${file}\``))).toEqual([]);
});

it('has a line for each module the composition root registers', () => {
  const source = parse(path.join(modulesFolder, 'index.ts'));
  const folderOf = new Map<string, string>();
  let registered: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const folder = /^\.\/([^/]+)\/index\.ts$/.exec(statement.moduleSpecifier.text)?.[1];
      const bindings = statement.importClause?.namedBindings;
      if (folder && bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) folderOf.set(element.name.text, folder);
    }
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (declaration.name.getText(source) === 'modules' && declaration.initializer)
          registered = (declaration.initializer as ts.ArrayLiteralExpression).elements.map((element) =>
            element.getText(source),
          );
  }
  expect(registered.length).toBeGreaterThan(10);
  const folders = registered.map((name) => folderOf.get(name) ?? `(${name} is not imported from a module's index.ts)`);
  const text = architecture();
  expect(folders.filter((folder) => !text.includes(`\`apps/server/src/modules/${folder}\``))).toEqual([]);
});
