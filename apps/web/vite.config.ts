import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const outDir = process.env.WEB_DIST ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // `vite build --ssr` builds the server renderer (src/entry-server.tsx) beside the app, out of
  // the folder the server publishes: one self-contained module, React's production build included.
  build: isSsrBuild
    ? { outDir: `${outDir}-server`, emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir, emptyOutDir: true, sourcemap: false },
  ssr: { noExternal: true, external: ['jsdom'] },
  // jsdom is the server's DOM (src/lib/html-window.ts): the dev server need not bundle it for the browser.
  optimizeDeps: { exclude: ['jsdom'] },
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/notifications': 'http://localhost:3000' } },
}));
