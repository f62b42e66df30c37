import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What a reading page (/, /blog/…, /user/…, /search/…) loads before it is interactive: the entry
 * script of the built index.html, the app it imports at once (src/main.tsx), every chunk those
 * import, and their style sheets, gzipped as the build ships them. Read from the build's manifest.
 * Over the budget of apps/web/bundle-budget.json, it fails (exit 1). `npm run test:e2e` runs it
 * right after its build. Bytes are deterministic.
 *
 * It also fails when any script the browser may load (reading pages and editor alike) holds
 * highlight.js: code is highlighted on the server (apps/server/src/modules/content/code-highlight.ts).
 */
const web = path.join(import.meta.dirname, '..', '..', 'apps', 'web');
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const budget = JSON.parse(readFileSync(path.join(web, 'bundle-budget.json'), 'utf8')) as {
  readingRoutesJsGzip: number;
  readingRoutesCssGzip: number;
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const scripts = new Set<string>();
const styles = new Set<string>();
function load(key: string) {
  const chunk = manifest[key]!;
  if (scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  chunk.css?.forEach((file) => styles.add(file));
  chunk.imports?.forEach(load);
}
const entry = manifest['index.html']!;
load('index.html');
// The entry's own dynamic imports are the app it starts; the app's are the screens it loads later.
entry.dynamicImports?.forEach(load);

function measure(kind: string, files: string[], limit: number): boolean {
  const sizes = files.map((url) => ({ url, bytes: gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length }));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const within = total <= limit;
  console.log(`Reading pages' ${kind}: ${total} bytes gzipped, budget ${limit}${within ? '' : ' — OVER BUDGET'}`);
  for (const { url, bytes } of sizes.sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${String(bytes).padStart(7)}  ${url}`);
  return within;
}

const jsWithin = measure('JavaScript', [...scripts], budget.readingRoutesJsGzip);
const cssWithin = measure('CSS', [...styles], budget.readingRoutesCssGzip);
/** Strings only highlight.js's core holds (its API and its console warning), not our code naming its classes. */
const HIGHLIGHTER_MARKERS = ['highlightAuto', 'Falling back to no-highlight mode'];
const assets = path.join(dist, 'assets');
const highlighted = readdirSync(assets).filter(
  (file) =>
    file.endsWith('.js') &&
    HIGHLIGHTER_MARKERS.some((marker) => readFileSync(path.join(assets, file), 'utf8').includes(marker)),
);
if (highlighted.length)
  console.log(`highlight.js reached the browser's scripts: ${highlighted.join(', ')} — it must run on the server only`);

if (scripts.size === 0 || !jsWithin || !cssWithin || highlighted.length) process.exit(1);
