import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { APP_FILES_ID } from './src/app/app-files.ts';

const outDir = process.env.WEB_DIST ?? 'dist';
const zod = /[\\/]node_modules[\\/]zod[\\/]/;
const contractsModule = /[\\/]packages[\\/]contracts[\\/]/;
const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const startModule = src('app/start.tsx');
/** React, which every page runs: one chunk. */
const reactDom = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The chunk of each module a reading page's islands run (ADR 11), cut as a build of the islands alone
 * cuts them: beside React, one chunk for what every page runs (app/islands.tsx, which hydrates them,
 * and the top bar's island), and for each set of the other islands, the modules only they share. Left
 * among the app's screens, which share the same modules in a hundred different sets, the bundler
 * cut what the home page runs into 36 chunks, whose imports and preload lists weighed 13 KB more than
 * its code. The app's screens import these chunks as any other.
 */
async function readingChunks(): Promise<Map<string, string>> {
  const everyPage = [src('app/islands.tsx'), src('app/navbar.tsx')];
  const loaders = src('app/island-loaders.ts');
  const built = (await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    // Only the islands: what they load on demand (a panel, the toaster) is left to the bundler.
    plugins: [react(), { name: 'islands-only', resolveDynamicImport: (_, importer) => importer === loaders && null }],
    build: {
      write: false,
      modulePreload: false,
      rolldownOptions: {
        input: everyPage[0],
        preserveEntrySignatures: 'strict',
        output: { codeSplitting: { groups: [{ name: 'react', test: reactDom }] } },
      },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = built.output.filter((file) => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // Which islands (entry chunks) load each chunk.
  const loadedBy = new Map<string, Set<Rolldown.OutputChunk>>();
  for (const island of chunks.filter((chunk) => chunk.isEntry || chunk.isDynamicEntry)) {
    const visit = (fileName: string) => {
      const by = loadedBy.get(fileName) ?? new Set();
      if (by.has(island)) return;
      loadedBy.set(fileName, by.add(island));
      byFile.get(fileName)?.imports.forEach(visit);
    };
    visit(island.fileName);
  }
  const chunkOf = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.name === 'react') continue;
    const islands = [...loadedBy.get(chunk.fileName)!];
    const name = islands.some((island) => everyPage.includes(island.facadeModuleId!))
      ? 'reading'
      : `reading-${islands
          .map((island) => island.name)
          .sort()
          .join('-')}`;
    // The contracts' rules and messages the islands use go with what every page runs: the contracts'
    // schemas import them too, and must not load an island's chunk with them (a code block's held
    // DOMPurify).
    for (const id of Object.keys(chunk.modules)) chunkOf.set(id, contractsModule.test(id) ? 'reading' : name);
  }
  return chunkOf;
}

/**
 * Lists in index.html the app's files (src/app/start.tsx's chunk, every chunk it imports, their
 * style sheets), which a reading page fetches into the browser's cache once it is idle (ADR 11).
 */
function listAppFiles(): Plugin {
  return {
    name: 'inkwell:app-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || files.has(`/${fileName}`)) return;
          files.add(`/${fileName}`);
          chunk.viteMetadata?.importedCss.forEach((css) => files.add(`/${css}`));
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.facadeModuleId === startModule) visit(chunk.fileName);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: APP_FILES_ID },
            children: JSON.stringify([...files]),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => {
  const reading = command === 'build' && !isSsrBuild ? await readingChunks() : new Map<string, string>();
  return {
    plugins: [
      react(),
      tailwindcss(),
      listAppFiles(),
      // Brotli and gzip at their best, once, beside each file: the server sends them as they are.
      // Not index.html, which the server fills in per page and compresses as it goes, nor the manifest.
      ...(isSsrBuild
        ? []
        : [
            compression({
              algorithms: ['brotliCompress', 'gzip'],
              exclude: [/\.html$/, /manifest\.json$/],
              logLevel: 'silent',
            }),
          ]),
    ],
    // `vite build --ssr` builds the server renderer (src/entry-server.tsx) beside the app, out of
    // the folder the server publishes: one self-contained module, React's production build included.
    build: isSsrBuild
      ? {
          outDir: `${outDir}-server`,
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          // The screens loaded on demand stay chunks of their own (the editor's cannot even load in Node:
          // Editor.js reads `Element` as it loads). The contracts and zod are one chunk, which the reading
          // pages share with api()'s check of answers: left to itself, the bundler put a contracts module
          // into the editor's chunk, and checking an answer loaded Editor.js.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'contracts',
                    test: (id) =>
                      zod.test(id) ||
                      /[\\/]packages[\\/]contracts[\\/]|[\\/]src[\\/]lib[\\/](zod-jitless|contract-schemas)\.ts$/.test(
                        id,
                      ),
                  },
                ],
              },
            },
          },
        }
      : {
          outDir,
          emptyOutDir: true,
          sourcemap: false,
          // Which chunks load with which: e2e/support/bundle-budget.ts weighs a reading page from it.
          manifest: true,
          // Every browser the build targets preloads modules itself.
          modulePreload: { polyfill: false },
          // Brotli at its best quality takes seconds, on purpose: no report that the build took long.
          rolldownOptions: {
            checks: { bundlerTimings: false },
            // zod in a chunk of its own, with the setting that keeps it from `new Function` (see
            // zod-jitless.ts): the chunk has run, setting and all, before any module builds a schema.
            output: {
              codeSplitting: {
                groups: [
                  { name: 'zod', test: (id) => zod.test(id) || /[\\/]zod-jitless\.ts$/.test(id) },
                  // The contracts' schemas (the modules that import zod), loaded with the first answer api()
                  // checks (src/lib/contract-schemas.ts) or by a signed-in screen: never by a reading page.
                  // Their zod-free rules and messages go where they are used, so a page loads only its own.
                  {
                    name: (id, chunking) =>
                      /[\\/]src[\\/]lib[\\/]contract-schemas\.ts$/.test(id) ||
                      (contractsModule.test(id) && chunking.getModuleInfo(id)?.importedIds.some((dep) => zod.test(dep)))
                        ? 'contract-schemas'
                        : null,
                    // A schema's zod-free imports stay out of it, where the pages find them.
                    includeDependenciesRecursively: false,
                  },
                  { name: 'react', test: reactDom },
                  { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
                  // What the reading pages' islands run, cut as for them alone; but for what the page's
                  // entry imports, which stays with it (it loads before the page paints).
                  {
                    name: (id, chunking) =>
                      chunking.getModuleInfo(id)?.importers.includes(src('main.tsx'))
                        ? null
                        : (reading.get(id) ?? null),
                    includeDependenciesRecursively: false,
                  },
                  // The contracts' other rules and messages, in one chunk, not in whichever screen's chunk
                  // the bundler would pick: left to itself, it put one in the editor's, and a check of an
                  // answer (contract-schemas, which imports it) loaded Editor.js.
                  { name: 'contracts', test: contractsModule, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
    ssr: { noExternal: true, external: ['jsdom'] },
    // jsdom is the server's DOM (src/lib/html-window.ts): the dev server need not bundle it for the browser.
    optimizeDeps: { exclude: ['jsdom'] },
    ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
        '/uploads': 'http://localhost:3000',
        '/notifications': 'http://localhost:3000',
      },
    },
  };
});
