import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the app in a process of its own and answers whether any module of Fedify was loaded:
 * Node's own module hooks see every import there, which this test's module runner would hide.
 */
async function loadsFedify(publicUrl: string): Promise<boolean> {
  const script = `
    import { registerHooks } from 'node:module';
    let fedify = false;
    registerHooks({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context);
        fedify ||= resolved.url.includes('/node_modules/@fedify/');
        return resolved;
      },
    });
    const { buildApp } = await import(${JSON.stringify(path.join(src, 'app.ts'))});
    const { loadConfig } = await import(${JSON.stringify(path.join(src, 'config.ts'))});
    const { openDatabase } = await import(${JSON.stringify(path.join(src, 'db/client.ts'))});
    const database = await openDatabase({ dataDir: 'memory://' });
    const env = { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...(${JSON.stringify(publicUrl)} && { PUBLIC_URL: ${JSON.stringify(publicUrl)} }) };
    const app = await buildApp({ config: loadConfig(env), database });
    await app.ready();
    console.log(JSON.stringify({ fedify }));
    await app.close();
    await database.close();
  `;
  // A file, not `--eval`: the database's thread would inherit `--input-type`.
  const folder = mkdtempSync(path.join(tmpdir(), 'inkwell-fedify-'));
  const file = path.join(folder, 'build-app.mjs');
  writeFileSync(file, script);
  const { stdout } = await promisify(execFile)(process.execPath, [file]).finally(() =>
    rmSync(folder, { recursive: true, force: true }),
  );
  return (JSON.parse(stdout.trim().split('\n').at(-1)!) as { fedify: boolean }).fedify;
}

it(
  'a site without PUBLIC_URL (federation off) never loads Fedify, 16 MiB of heap; one with it does',
  { timeout: 120_000 },
  async () => {
    const [off, on] = await Promise.all([loadsFedify(''), loadsFedify('https://blog.example.org')]);
    expect({ off, on }).toEqual({ off: false, on: true });
  },
);
