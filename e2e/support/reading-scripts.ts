import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What a reading page loads before its reader touches anything (ADR 11), read from the build's
 * manifests: the entry script of index.html and what it imports at once, then, once the page has
 * painted, the site's React and its kind's bundle (apps/web/src/reading), which the build lists in
 * `.vite/reading.json` (apps/web/reading-build.ts). Apart: what the bundle loads on demand (a panel
 * when it opens, the toaster with the first toast, a signed-in reader's controls, a code block's
 * island once in view, a visitor's Subscribe form once the browser is idle), and the app, which the
 * page fetches into the browser's cache once it is idle.
 */

const web = path.join(import.meta.dirname, '..', '..', 'apps', 'web');
export const dist = process.env.WEB_DIST ?? path.join(web, 'dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
interface ReadingManifest {
  react: string;
  bundles: Record<string, { scripts: string[]; onDemand: Record<string, string[]> }>;
}
interface Build {
  manifest: Record<string, ManifestChunk>;
  reading: ReadingManifest;
}

const read = <T>(file: string) => JSON.parse(readFileSync(path.join(dist, '.vite', file), 'utf8')) as T;
export const readBuild = (): Build => ({ manifest: read('manifest.json'), reading: read('reading.json') });

/** The kinds of reading page: the home page, a blog (and a draft's preview), a profile, a search. */
export const readingPages = (build: Build) => Object.keys(build.reading.bundles);

/** The files a chunk of the app's build and everything it imports statically load: scripts and style sheets. */
function loadedWith(build: Build, key: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const load = (key: string) => {
    const chunk = build.manifest[key]!;
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(load);
  };
  load(key);
  return { scripts, styles };
}

/** What a page of `kind` loads before its reader touches anything: its scripts and style sheets. */
export function beforeInteraction(build: Build, kind: string) {
  const { scripts, styles } = loadedWith(build, 'index.html');
  build.reading.bundles[kind]!.scripts.forEach((file) => scripts.add(file));
  return { scripts, styles };
}

/** What a page of `kind` loads only on demand, each with the files it adds. */
export const onDemand = (build: Build, kind: string) => Object.entries(build.reading.bundles[kind]!.onDemand);

/** What a reading page fetches into the cache once idle, beyond what it loaded already: the app. */
export function theApp(build: Build, kind: string) {
  const loaded = beforeInteraction(build, kind).scripts;
  return [...loadedWith(build, 'src/app/start.tsx').scripts].filter((file) => !loaded.has(file));
}

export const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
export const gzippedAll = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipped(file), 0);
