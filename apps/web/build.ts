import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
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
 */

const root = import.meta.dirname;
const dist = path.resolve(root, process.env.WEB_DIST ?? 'dist');
const staged = `${dist}-next`;
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
