import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What a reading page (/, /blog/…, /user/…, /search/…) loads before it is interactive: the entry
 * script of the built index.html and every chunk it preloads (its static imports), and its style
 * sheets, gzipped as the build ships them. Over the budget of apps/web/bundle-budget.json, it
 * fails (exit 1). `npm run test:e2e` runs it right after its build. Bytes are deterministic.
 */
const web = path.join(import.meta.dirname, '..', '..', 'apps', 'web');
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const budget = JSON.parse(readFileSync(path.join(web, 'bundle-budget.json'), 'utf8')) as { readingRoutesJsGzip: number; readingRoutesCssGzip: number };

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const urls = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
const scripts = [...urls(/<script type="module"[^>]* src="([^"]+)"/g), ...urls(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)];
const styles = urls(/<link rel="stylesheet"[^>]* href="([^"]+)"/g);

function measure(kind: string, files: string[], limit: number): boolean {
  const sizes = files.map((url) => ({ url, bytes: gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length }));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const within = total <= limit;
  console.log(`Reading pages' ${kind}: ${total} bytes gzipped, budget ${limit}${within ? '' : ' — OVER BUDGET'}`);
  for (const { url, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${String(bytes).padStart(7)}  ${url}`);
  return within;
}

const jsWithin = measure('JavaScript', scripts, budget.readingRoutesJsGzip);
const cssWithin = measure('CSS', styles, budget.readingRoutesCssGzip);
if (scripts.length === 0 || !jsWithin || !cssWithin) process.exit(1);
