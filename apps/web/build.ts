import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * `npm run build`: the app (`vite build`) and its server renderer (`vite build --ssr`), made in
 * folders beside the ones the server reads and moved into their place once both are whole.
 *
 * Vite empties its folder before it writes. A server, or a test, reading the build meanwhile found
 * its chunks gone for the seconds a build takes, and rendered its fallback page: CI's PostgreSQL
 * pass, which runs beside `npm test` while the end-to-end tests build again, failed a page test so.
 * A folder moved in is there whole or not yet; a server still holding the old renderer loads its
 * chunks, named for their content, from the new folder.
 *
 * A build whose sources have not changed since the last one is not made again (`npm test` builds
 * before its browser tests, just after `npm ci` built in CI: two minutes on a slow machine).
 */

const root = import.meta.dirname;
const repo = path.resolve(root, '../..');
const dist = path.resolve(root, process.env.WEB_DIST ?? 'dist');
const staged = `${dist}-next`;
/** Beside the renderer, not in `dist`, which the server publishes. */
const STAMP = 'sources.sha256';

/** What a build is made of, from the repository's root: the web app, the contracts, the packages installed. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/reading-build.ts',
  'apps/web/build.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** A hash of every source file's path and bytes. */
function sourcesHash() {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const file = path.join(repo, relative);
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) add(path.join(relative, entry));
    } else hash.update(`${relative}\0`).update(readFileSync(file)).update('\0');
  };
  SOURCES.forEach(add);
  return hash.digest('hex');
}

const sources = sourcesHash();
const stamp = path.join(`${dist}-server`, STAMP);
if (existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sources) {
  console.log(`The web app's build in ${path.relative(process.cwd(), dist) || '.'} is up to date.`);
  process.exit(0);
}

const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
const build = (...args: string[]) =>
  execFileSync(process.execPath, [vite, 'build', ...args], {
    cwd: root,
    stdio: 'inherit',
    // A production build whatever the shell says: under NODE_ENV=test or development, React's
    // JSX would be its development runtime, which the reading pages' React does not hold.
    env: { ...process.env, NODE_ENV: 'production', WEB_DIST: staged },
  });
build();
build('--ssr', 'src/entry-server.tsx');
writeFileSync(path.join(`${staged}-server`, STAMP), sources);

for (const [from, to] of [
  [staged, dist],
  [`${staged}-server`, `${dist}-server`],
] as const) {
  const old = `${to}-old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(to)) renameSync(to, old);
  renameSync(from, to);
  rmSync(old, { recursive: true, force: true });
}
