import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * Builds the app with `env` in a process of its own and answers the packages it loaded: Node's own
 * module hooks see every import there, which this test's module runner would hide.
 */
async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  const module = (file: string) => JSON.stringify(path.join(import.meta.dirname, file));
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context);
        const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(resolved.url)?.[1];
        if (name) loaded.add(name);
        return resolved;
      },
    });
    const { buildApp } = await import(${module('app.ts')});
    const { loadConfig } = await import(${module('config.ts')});
    const { openDatabase } = await import(${module('db/client.ts')});
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildApp({ config: loadConfig(${JSON.stringify({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env })}), database });
    await app.ready();
    console.log(JSON.stringify([...loaded]));
    await app.close();
    await database.close();
  `;
  // A file, not `--eval`: the database's thread would inherit `--input-type`.
  const folder = mkdtempSync(path.join(tmpdir(), 'inkwell-loaded-'));
  const file = path.join(folder, 'build-app.mjs');
  writeFileSync(file, script);
  const { stdout } = await promisify(execFile)(process.execPath, [file]).finally(() =>
    rmSync(folder, { recursive: true, force: true }),
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

/** What a site may never use, each loaded by its first use: 32 MiB of heap together. */
const ON_DEMAND = {
  federation: '@fedify/fedify',
  mail: 'nodemailer',
  exports: 'zip-stream',
  'exports and imports (Markdown)': 'mdast-util-to-markdown',
  'imports (zip)': 'yauzl',
  'exports and imports (HTML)': 'hast-util-from-html',
};

it(
  'a server loads no feature its site has not used: Fedify only with PUBLIC_URL, nodemailer only with SMTP_URL, the exports and imports by their first use',
  { timeout: 120_000 },
  async () => {
    const [bare, configured] = await Promise.all([
      packagesLoaded({}),
      packagesLoaded({ PUBLIC_URL: 'https://blog.example.org', SMTP_URL: 'smtp://mail.example.org:587' }),
    ]);
    expect(Object.values(ON_DEMAND).filter((name) => bare.includes(name))).toEqual([]);
    expect(Object.values(ON_DEMAND).filter((name) => configured.includes(name))).toEqual([
      ON_DEMAND.federation,
      ON_DEMAND.mail,
    ]);
  },
);
