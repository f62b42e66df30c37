import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';

const web = import.meta.dirname;
const folder = mkdtempSync(path.join(tmpdir(), 'inkwell-build-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const dist = path.join(folder, 'dist');
/** `npm run build`, into `dist`. */
const build = {
  command: process.execPath,
  args: ['build.ts'],
  options: { cwd: web, env: { ...process.env, WEB_DIST: dist } },
};

it('leaves the build a server reads whole while it builds again', async () => {
  // Needs a build already made (`npm ci` makes one), as the server's page tests do; without its
  // record of the sources it was made of, so that it is made again.
  cpSync(path.join(web, 'dist'), dist, { recursive: true });
  cpSync(path.join(web, 'dist-server'), `${dist}-server`, { recursive: true });
  rmSync(path.join(`${dist}-server`, 'sources.sha256'), { force: true });
  const read = [path.join(dist, 'index.html'), path.join(`${dist}-server`, 'entry-server.js')];

  const building = spawn(build.command, build.args, { ...build.options, stdio: 'ignore' });
  const exit = new Promise<number | null>((resolve) => building.on('exit', resolve));
  let done = false;
  void exit.then(() => (done = true));

  // What a server loads, looked for all through the build. The move of a whole folder into place
  // leaves a gap of microseconds, so a file found missing is looked for once more before it counts.
  const missing = new Set<string>();
  while (!done) {
    for (const file of read) if (!existsSync(file) && (await sleep(20), !existsSync(file))) missing.add(file);
    await sleep(10);
  }

  expect(await exit).toBe(0);
  expect([...missing]).toEqual([]);
  expect(readdirSync(folder).sort()).toEqual(['dist', 'dist-server']);
}, 120_000);

it('does not build again what no source has changed since', () => {
  const again = spawnSync(build.command, build.args, { ...build.options, encoding: 'utf8' });
  expect(again.status).toBe(0);
  expect(again.stdout).toContain('is up to date');
});
