import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What a reading page loads before its reader touches anything (ADR 11), read from the build's
 * manifest: the entry script of index.html and what it imports at once; then, once the page has
 * painted, the islands' runtime (src/app/islands.tsx) and the module of each island the page holds,
 * with everything they import. What loads later is apart: what those load on demand (a panel when
 * it opens, the toaster with the first toast, a signed-in reader's controls, a code block's island
 * once in view), and the app, which the page fetches into the browser's cache once it is idle.
 */

const web = path.join(import.meta.dirname, '..', '..', 'apps', 'web');
export const dist = process.env.WEB_DIST ?? path.join(web, 'dist');

/**
 * The reading pages, each with the modules of the islands it holds, and what they load at once for
 * a visitor (a profile's Subscribe by e-mail form): what e2e/hydration.spec.ts sees them load.
 */
export const READING_PAGES = {
  home: ['src/app/navbar.tsx', 'src/features/home/home-page.tsx'],
  blog: ['src/app/navbar.tsx', 'src/features/profile/follow-island.tsx', 'src/features/blog/blog-islands.tsx'],
  profile: [
    'src/app/navbar.tsx',
    'src/features/profile/profile-island.tsx',
    'src/features/subscriptions/subscribe-form.tsx',
  ],
  search: ['src/app/navbar.tsx', 'src/features/search/search-page.tsx'],
} as const;
export type ReadingPage = keyof typeof READING_PAGES;

const ENTRY = 'index.html';
const ISLANDS_RUNTIME = 'src/app/islands.tsx';
const APP = 'src/app/start.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const readManifest = (): Manifest =>
  JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The files a chunk and everything it imports statically load: scripts and style sheets. */
function loadedWith(manifest: Manifest, keys: readonly string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const load = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(load);
  };
  keys.forEach(load);
  return { scripts, styles };
}

/** What `page` loads before its reader touches anything: its scripts and style sheets. */
export function beforeInteraction(manifest: Manifest, page: ReadingPage) {
  return loadedWith(manifest, [ENTRY, ISLANDS_RUNTIME, ...READING_PAGES[page]]);
}

/** What `page` loads only on demand, each with the scripts it adds (a chunk its islands import dynamically). */
export function onDemand(manifest: Manifest, page: ReadingPage) {
  const loaded = beforeInteraction(manifest, page).scripts;
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const otherPages = new Set<string>(Object.values(READING_PAGES).flat());
  const later = new Set(
    [...loaded]
      .flatMap((file) => manifest[keyOf.get(file)!]?.dynamicImports ?? [])
      .filter((key) => key !== APP && !otherPages.has(key)),
  );
  return [...later]
    .map((key) => ({ key, scripts: [...loadedWith(manifest, [key]).scripts].filter((file) => !loaded.has(file)) }))
    .filter(({ scripts }) => scripts.length > 0);
}

/** What a reading page fetches into the cache once idle, beyond what it loaded already: the app. */
export function theApp(manifest: Manifest, page: ReadingPage) {
  const loaded = beforeInteraction(manifest, page).scripts;
  return [...loadedWith(manifest, [APP]).scripts].filter((file) => !loaded.has(file));
}

export const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
export const gzippedAll = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipped(file), 0);
