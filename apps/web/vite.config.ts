import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const outDir = process.env.WEB_DIST ?? 'dist';
const zod = /[\\/]node_modules[\\/]zod[\\/]/;
const startModule = path.resolve(import.meta.dirname, 'src/app/start.tsx');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
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
        // Brotli at its best quality takes seconds, on purpose: no report that the build took long.
        rolldownOptions: {
          checks: { bundlerTimings: false },
          // zod in a chunk of its own, with the setting that keeps it from `new Function` (see
          // zod-jitless.ts): the chunk has run, setting and all, before any module builds a schema.
          output: {
            codeSplitting: {
              groups: [
                { name: 'zod', test: (id) => zod.test(id) || /[\\/]zod-jitless\.ts$/.test(id) },
                // The contracts in two chunks: their zod-free rules and messages, which the pages use, and
                // their schemas (the modules that import zod), loaded with the first answer api() checks
                // (src/lib/contract-schemas.ts) or by a signed-in screen: never by a reading page.
                {
                  name: (id, chunking) => {
                    if (/[\\/]src[\\/]lib[\\/]contract-schemas\.ts$/.test(id)) return 'contract-schemas';
                    if (!/[\\/]packages[\\/]contracts[\\/]/.test(id)) return null;
                    return chunking.getModuleInfo(id)?.importedIds.some((dep) => zod.test(dep))
                      ? 'contract-schemas'
                      : 'contracts';
                  },
                  // A schema's zod-free imports stay in 'contracts', where the pages find them.
                  includeDependenciesRecursively: false,
                },
                // The app src/main.tsx starts after the first paint, with all it imports: one chunk, as
                // it was when it was the entry, not one per module that a lazy screen shares with it.
                // (Vite's preload helper, which src/main.tsx uses too, stays out of it.)
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
}));
