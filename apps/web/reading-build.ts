import { readdirSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

/*
 * The reading pages' scripts (ADR 11), built beside the app by `vite build` (vite.config.ts): the
 * site's React, one module every page and the app import, and for each kind of reading page one
 * bundle of its own (src/reading), holding everything its islands run before the reader touches
 * anything, what they load on demand in chunks of its own.
 *
 * A bundle each, not chunks shared among the pages and the app: the bundler cuts a module shared
 * in a hundred different sets (the app's screens, the islands, what they load) into as many chunks,
 * and a reading page loaded 36 of them, whose imports, preload lists and separate compression
 * weighed 13 KB more than its code. What two kinds of page share is downloaded again by a reader
 * who goes from one to the other (TanStack Query and the top bar, about 15 KB); React, which
 * outweighs both, is shared.
 */

const root = import.meta.dirname;
/** The kinds of reading page, a bundle each: src/reading/<name>.ts. */
const READING_BUNDLES = readdirSync(path.join(root, 'src', 'reading')).map((file) => path.basename(file, '.ts'));

/** What a reading page loads, as the budget (e2e/support/bundle-budget.ts) weighs it: `.vite/reading.json`. */
export interface ReadingManifest {
  react: string;
  bundles: Record<string, { scripts: string[]; onDemand: Record<string, string[]> }>;
}

const zod = /[\\/]node_modules[\\/]zod[\\/]/;
const contracts = /[\\/]packages[\\/]contracts[\\/]/;

/**
 * zod in a chunk of its own, with the setting that keeps it from `new Function` (see zod-jitless.ts):
 * the chunk has run, setting and all, before any module builds a schema. The contracts in two
 * chunks: their schemas (the modules that import zod), loaded with the first answer api() checks
 * (src/lib/contract-schemas.ts) or by a signed-in screen, and their zod-free rules and messages,
 * which the schemas import: left to itself, the bundler put one into the editor's chunk, and
 * checking an answer loaded Editor.js.
 */
export const contractsGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'zod', test: (id) => zod.test(id) || /[\\/]zod-jitless\.ts$/.test(id) },
  {
    name: (id, chunking) => {
      if (/[\\/]src[\\/]lib[\\/]contract-schemas\.ts$/.test(id)) return 'contract-schemas';
      if (!contracts.test(id)) return null;
      return chunking.getModuleInfo(id)?.importedIds.some((dep) => zod.test(dep)) ? 'contract-schemas' : 'contracts';
    },
    // A schema's zod-free imports stay in 'contracts'.
    includeDependenciesRecursively: false,
  },
];

/** The modules the site's React is made of, as the browser's builds import them. */
const REACT_MODULES = ['react', 'react-dom/client', 'react/jsx-runtime'];
const REACT_ENTRY = '\0inkwell-react';

/** Imports of React, in a browser's build, are of the site's React module (`/assets/react-….js`). */
export function reactOfTheSite(file: string): Plugin {
  return {
    name: 'inkwell:react-of-the-site',
    enforce: 'pre',
    resolveId(source) {
      if (REACT_MODULES.includes(source)) return { id: `/${file}`, external: true };
      if (/^(react|react-dom|scheduler)(\/|$)/.test(source))
        this.error(`${source} is not in the site's React module (reading-build.ts): add it there`);
      return null;
    },
  };
}

/** React, React DOM's client and the JSX runtime, every name of each, as one module. */
async function buildReact(): Promise<Rolldown.OutputChunk> {
  const exported = new Set<string>();
  const lines: string[] = [];
  for (const module of REACT_MODULES) {
    // Node's view of a CommonJS module adds `default` and `module.exports`, which are no names of its.
    const names = Object.keys((await import(module)) as object).filter(
      (name) => /^[\w$]+$/.test(name) && name !== 'default' && !exported.has(name),
    );
    names.forEach((name) => exported.add(name));
    lines.push(`export { ${names.join(', ')} } from '${module}';`);
  }
  const built = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      {
        name: 'inkwell:react-entry',
        resolveId: (id) => (id === REACT_ENTRY ? id : null),
        load: (id) => (id === REACT_ENTRY ? lines.join('\n') : null),
      },
    ],
    build: {
      write: false,
      rolldownOptions: {
        input: REACT_ENTRY,
        preserveEntrySignatures: 'strict',
        output: { entryFileNames: 'assets/react-[hash].js', codeSplitting: false },
      },
    },
  })) as Rolldown.RolldownOutput;
  return built.output[0];
}

/** One kind of reading page's bundle (src/reading/<name>.ts), what it runs at once in one chunk. */
async function buildBundle(name: string, reactFile: string) {
  const built = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react(), reactOfTheSite(reactFile)],
    build: {
      write: false,
      modulePreload: false,
      rolldownOptions: {
        input: { [`reading-${name}`]: path.join(root, 'src', 'reading', `${name}.ts`) },
        output: {
          codeSplitting: {
            groups: [
              // Everything the entry imports, at once: one chunk (the bundler would otherwise cut
              // apart what it shares with the chunks it loads on demand).
              { name: `reading-${name}`, tags: ['$initial'] },
              // What only the chunks it loads on demand use of the contracts, as the app has them.
              ...contractsGroups,
            ],
          },
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = built.output.filter((file) => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loadedWith = (fileName: string, files = new Set<string>()) => {
    const chunk = byFile.get(fileName);
    if (!chunk || files.has(fileName)) return files;
    files.add(fileName);
    chunk.imports.forEach((file) => loadedWith(file, files));
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    return files;
  };
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  const atOnce = loadedWith(entry.fileName);
  const onDemand: Record<string, string[]> = {};
  for (const chunk of chunks.filter((chunk) => chunk.isDynamicEntry))
    onDemand[path.relative(root, chunk.facadeModuleId!)] = [...loadedWith(chunk.fileName)].filter(
      (file) => !atOnce.has(file),
    );
  return { entry: entry.fileName, files: built.output, scripts: [reactFile, ...atOnce], onDemand };
}

/** Builds the site's React and every reading bundle, for the app's build to emit beside its own files. */
export async function buildReadingScripts() {
  const reactModule = await buildReact();
  const bundles = await Promise.all(READING_BUNDLES.map((name) => buildBundle(name, reactModule.fileName)));
  const manifest: ReadingManifest = {
    react: reactModule.fileName,
    bundles: Object.fromEntries(
      READING_BUNDLES.map((name, i) => [name, { scripts: bundles[i]!.scripts, onDemand: bundles[i]!.onDemand }]),
    ),
  };
  const files = new Map<string, string | Uint8Array>([[reactModule.fileName, reactModule.code]]);
  for (const { files: output } of bundles)
    for (const file of output) files.set(file.fileName, file.type === 'chunk' ? file.code : file.source);
  return {
    react: `/${reactModule.fileName}`,
    entries: Object.fromEntries(READING_BUNDLES.map((name, i) => [name, `/${bundles[i]!.entry}`])),
    manifest,
    files,
  };
}

export type ReadingScripts = Awaited<ReturnType<typeof buildReadingScripts>>;

/** Emits the reading scripts among the app's files, and their manifest for the budget. */
export function emitReadingScripts(scripts: ReadingScripts): Plugin {
  return {
    name: 'inkwell:reading-scripts',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        // A file the app's build makes too (the same bytes: the proof of work's style sheet) is written once.
        for (const [fileName, source] of scripts.files)
          if (!(fileName in bundle)) this.emitFile({ type: 'asset', fileName, source });
        this.emitFile({
          type: 'asset',
          fileName: '.vite/reading.json',
          source: JSON.stringify(scripts.manifest, null, 2),
        });
      },
    },
  };
}
