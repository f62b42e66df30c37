import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { MOCKING } from './vitest.config.ts';

const entries = (parent) => readdirSync(new URL(parent, import.meta.url), { withFileTypes: true });
const folders = (parent) =>
  entries(parent)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = './apps/web/src/features';
const server = './apps/server/src';
const modules = `${server}/modules`;
const plugins = `${server}/plugins`;
/** The composition root: the list of modules in registration order, buildApp, and the processes (the server, `npm start`, `npm run admin`). */
const root = [
  `${modules}/index.ts`,
  `${server}/app.ts`,
  `${server}/main.ts`,
  `${server}/start.ts`,
  `${server}/admin-cli.ts`,
];
/** The bottom layer: the shared files of src (configuration, errors, the site's origin…) and db, net, html. */
const shared = [
  ...entries(server)
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !root.includes(`${server}/${entry.name}`))
    .map((entry) => `${server}/${entry.name}`),
  `${server}/db`,
  `${server}/net`,
  `${server}/html`,
];

/** Each folder of `parent` reaches the others only through their index.ts, their public file. */
const publicFilesOnly = (parent, message) =>
  folders(parent).map((name, _, all) => ({
    target: `${parent}/${name}`,
    from: parent,
    except: [`./${name}`, ...all.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message,
  }));

/** The walls between rooms (docs/ARCHITECTURE.md): what may import what. */
const boundaries = [
  { target: './packages/contracts', from: './apps', message: 'The contracts import nothing of the apps.' },
  { target: './apps/web/src/components', from: features, message: 'Shared components never import features.' },
  { target: './apps/web/src/lib', from: features, message: 'lib never imports features.' },
  {
    target: ['./apps/web/src/app', './apps/web/src/reading', './apps/web/src/entry-server.tsx'],
    from: features,
    // A screen loaded on demand is imported by its own file, so that it stays a chunk of its own; a
    // reading page's islands too, so that its bundle holds nothing else of their feature's index.
    except: folders(features).flatMap((name) => [
      `./${name}/index.ts`,
      ...entries(`${features}/${name}`)
        .filter((entry) => /-(page|islands?)\.tsx$/.test(entry.name))
        .map((entry) => `./${name}/${entry.name}`),
    ]),
    message: 'The app reaches a feature through its index.ts (or a screen it loads on demand, or an island).',
  },
  ...publicFilesOnly(features, 'A feature imports another only through its index.ts.'),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'data/**',
      'e2e/zz-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    // no-cycle follows imports into TypeScript files only when import-x reads them.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // No import circle (import-x leaves out `import type`, which never runs).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests may set up another module's rows directly, and test helpers build the whole app; the code under test may not.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/hostile/**', 'apps/server/src/faults/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaries,
            ...publicFilesOnly(modules, 'A module imports another only through its index.ts.'),
            // The server's layers (docs/ARCHITECTURE.md): shared ← plugins ← modules ← the composition root.
            {
              target: shared,
              from: [plugins, modules, ...root],
              message: 'The shared files of src, db, net and html import nothing of plugins, modules or the root.',
            },
            {
              target: plugins,
              from: [modules, ...root],
              message: 'Plugins sit below the modules: buildApp hands a plugin what it needs of a module.',
            },
            {
              target: modules,
              from: root,
              message: 'A module never imports the composition root (modules/index.ts, app.ts, main.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's test files share their worker's modules (vitest.config.ts): a module mocked in
    // one would reach the files after it, or be loaded already and never mocked.
    files: ['apps/server/src/**/*.test.ts'],
    ignores: MOCKING,
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Add the file to MOCKING in vitest.config.ts: it needs a process of its own.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
