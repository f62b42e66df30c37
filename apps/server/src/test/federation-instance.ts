import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { TestUser } from './factories.ts';
import { freePort } from './server-process.ts';

/** An Inkwell listening on loopback under its own PUBLIC_URL, for the federation tests. */
export interface FederationInstance extends TestApp {
  url: string;
}

/**
 * A real Inkwell listening on `host` (any 127.x address is loopback on Linux, so instances on
 * 127.0.0.2 and 127.0.0.3 are servers of domains of their own), its PUBLIC_URL there; FETCH_ALLOW_HOSTS
 * in `env` lets it reach the others.
 */
export async function startFederationInstance(
  env: Record<string, string> = { FETCH_ALLOW_HOSTS: '127.0.0.1' },
  host = '127.0.0.1',
): Promise<FederationInstance> {
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const t = await buildTestApp({ PUBLIC_URL: url, ...env });
  await t.app.listen({ port, host });
  return { ...t, url };
}

/** A test user's users.id: the identifier of their actor. */
export async function userIdOf(instance: TestApp, user: TestUser): Promise<string> {
  const [row] = await instance.app.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
  return row!.id;
}
