import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const outDir = process.env.WEB_DIST ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip at their best, once, beside each file: the server sends them as they are.
    // Not index.html, which the server fills in per page and compresses as it goes.
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/, logLevel: 'silent' })]),
  ],
  // `vite build --ssr` builds the server renderer (src/entry-server.tsx) beside the app, out of
  // the folder the server publishes: one self-contained module, React's production build included.
  build: isSsrBuild
    ? { outDir: `${outDir}-server`, emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        // Brotli at its best quality takes seconds, on purpose: no report that the build took long.
        rolldownOptions: {
          checks: { bundlerTimings: false },
          // zod in a chunk of its own, with the setting that keeps it from `new Function` (see
          // zod-jitless.ts): the chunk has run, setting and all, before any module builds a schema.
          output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]zod-jitless\.ts$/ }] } },
        },
      },
  ssr: { noExternal: true, external: ['jsdom'] },
  // jsdom is the server's DOM (src/lib/html-window.ts): the dev server need not bundle it for the browser.
  optimizeDeps: { exclude: ['jsdom'] },
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/notifications': 'http://localhost:3000' } },
}));
