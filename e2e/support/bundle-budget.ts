import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  beforeInteraction,
  dist,
  gzipped,
  gzippedAll,
  onDemand,
  readBuild,
  readingPages,
  theApp,
} from './reading-scripts.ts';

/*
 * Weighs what each kind of reading page (/, /blog/…, /user/…, /search/…) loads before its reader
 * touches anything (reading-scripts.ts: the entry, the site's React and the page's bundle, with
 * their style sheets), gzipped as the build ships them, and fails (exit 1) when a page goes over
 * the budget of apps/web/bundle-budget.json. What a page loads on demand, and the app it fetches into
 * the cache once idle, are listed apart. `npm run test:e2e` runs it right after its build. Bytes
 * are deterministic.
 *
 * It also fails when any script the browser may load (reading pages and editor alike) holds
 * highlight.js: code is highlighted on the server (apps/server/src/modules/content/code-highlight.ts);
 * and when a reading page's scripts before interaction use Intl: its first format starts the
 * browser's ICU, 25–35 ms here (a phone's long task), where counts and days are written by hand
 * (packages/contracts/src/counts.ts, apps/web/src/lib/format-date.ts).
 */
const budget = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'bundle-budget.json'), 'utf8'),
) as { readingPagesJsGzip: number; readingPagesCssGzip: number };
const build = readBuild();

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
let within = true;
for (const page of readingPages(build)) {
  const { scripts, styles } = beforeInteraction(build, page);
  const usingIntl = [...scripts].filter((file) => readFileSync(path.join(dist, file), 'utf8').includes('Intl.'));
  if (usingIntl.length) {
    within = false;
    console.log(`The ${page} page's scripts use Intl before interaction: ${usingIntl.join(', ')}`);
  }
  const js = gzippedAll(scripts);
  const css = gzippedAll(styles);
  const over = js > budget.readingPagesJsGzip || css > budget.readingPagesCssGzip;
  within &&= !over;
  console.log(
    `The ${page} page before interaction: JavaScript ${js} bytes gzipped (budget ${budget.readingPagesJsGzip}), ` +
      `CSS ${css} (budget ${budget.readingPagesCssGzip})${over ? ' — OVER BUDGET' : ''}`,
  );
  for (const file of [...scripts, ...styles].sort((a, b) => gzipped(b) - gzipped(a)))
    console.log(`  ${String(gzipped(file)).padStart(7)}  ${file}`);
  for (const [module, later] of onDemand(build, page))
    console.log(`  on demand: ${module} (${kb(gzippedAll(later.filter((file) => file.endsWith('.js'))))} more)`);
  console.log(`  once idle, into the cache: the app (${kb(gzippedAll(theApp(build, page)))} more)`);
}

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

if (!within || highlighted.length) process.exit(1);
