import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

/**
 * A second, brand-new Inkwell (the same built web app, an in-memory database) for what only a
 * site without any blog can show, or a setting the shared stack's other tests must not meet; `env`
 * sets more of its configuration (its mail, say).
 */
export async function startEmptySite(env: Record<string, string> = {}) {
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: 'memory://',
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
