import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import {
  buildReadingScripts,
  contractsGroups,
  emitReadingScripts,
  reactOfTheSite,
  type ReadingScripts,
} from './reading-build.ts';
import { BUILT_FILES_ID, type BuiltFiles } from './src/app/built-files.ts';

const outDir = process.env.WEB_DIST ?? 'dist';
const zod = /[\\/]node_modules[\\/]zod[\\/]/;
const startModule = path.resolve(import.meta.dirname, 'src/app/start.tsx');

/**
 * Names in index.html the build's files (BUILT_FILES_ID): the site's React and the reading bundles,
 * which src/main.tsx loads on a reading page, and the app's (src/app/start.tsx's chunk, every chunk
 * it imports, their style sheets), which a reading page fetches into the browser's cache once it is
 * idle (ADR 11).
 */
function nameBuiltFiles(reading: ReadingScripts): Plugin {
  return {
    name: 'inkwell:built-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const app = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || app.has(`/${fileName}`)) return;
          app.add(`/${fileName}`);
          chunk.viteMetadata?.importedCss.forEach((css) => app.add(`/${css}`));
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.facadeModuleId === startModule) visit(chunk.fileName);
        const files: BuiltFiles = { react: reading.react, reading: reading.entries, app: [...app] };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: BUILT_FILES_ID },
            children: JSON.stringify(files),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => {
  // The reading pages' scripts, and the site's React the app imports too: built first, emitted with the app.
  const reading = command === 'build' && !isSsrBuild ? await buildReadingScripts() : null;
  return {
    plugins: [
      react(),
      tailwindcss(),
      ...(reading
        ? [reactOfTheSite(reading.react.slice(1)), emitReadingScripts(reading), nameBuiltFiles(reading)]
        : []),
      // Brotli and gzip at their best, once, beside each file: the server sends them as they are.
      // Not index.html, which the server fills in per page and compresses as it goes, nor the manifests.
      ...(isSsrBuild
        ? []
        : [
            compression({
              algorithms: ['brotliCompress', 'gzip'],
              exclude: [/\.html$/, /manifest\.json$/, /reading\.json$/],
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
            // DOMPurify runs in the browser only (features/blog/components/inline-html.tsx): its module,
            // which makes an instance as it loads, is left out of the server renderer whole.
            treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]dompurify[\\/]/, sideEffects: false }] },
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
            // The app shows its toasts at once: lib/toast.ts's import of react-hot-toast, which spares a
            // reading page, has nothing to spare here.
            onLog: (level, log, handle) =>
              log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('react-hot-toast')
                ? undefined
                : handle(level, log),
            // The app, an entry of its own: src/main.tsx imports it by the address index.html names.
            input: { index: path.resolve(import.meta.dirname, 'index.html'), start: startModule },
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  ...contractsGroups,
                  { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
                  { name: 'start', test: (id) => id === startModule },
                ],
              },
            },
          },
        },
    ssr: { noExternal: true },
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
