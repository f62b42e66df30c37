import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's Varnish (.ci/run installs it). */
export const VARNISHD = '/usr/sbin/varnishd';
export const varnishInstalled = () => existsSync(VARNISHD);

const VCL = path.resolve(import.meta.dirname, '../../../../docs/shared-cache/varnish.vcl');

/** A port nothing listens on now, for a server that must be told its address before it starts. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface Varnish {
  base: string;
  stop(): Promise<void>;
}

/**
 * docs/shared-cache/varnish.vcl as an operator runs it, on 127.0.0.1:`port`, in front of the two
 * instances listening on `backends` (one port twice for a single instance); resolves once it answers.
 */
export async function startVarnish(port: number, backends: [number, number]): Promise<Varnish> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'inkwell-varnish-'));
  // varnishd reads the VCL after dropping root for its own user.
  await chmod(workDir, 0o755);
  const vcl = (await readFile(VCL, 'utf8')).replace('"3001"', `"${backends[0]}"`).replace('"3002"', `"${backends[1]}"`);
  await writeFile(path.join(workDir, 'inkwell.vcl'), vcl);
  const child = spawn(
    VARNISHD,
    ['-F', '-a', `127.0.0.1:${port}`, '-f', path.join(workDir, 'inkwell.vcl'), '-n', workDir, '-s', 'malloc,64m'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const answered = await fetch(`${base}/robots.txt`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) break;
    if (tries === 100 || child.exitCode !== null) throw new Error('Varnish did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    async stop() {
      child.kill();
      await exited;
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
