import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '@inkwell/contracts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { expect, uniqueId } from './fixtures.ts';

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
    // Its warnings and errors, in the test's output: a 503 it answers says why.
    LOG_LEVEL: 'warn',
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    /** Its database, for what a test must put there that no call makes (a job given up). */
    db: database.db,
    /**
     * Stops it, once each of `pages` has left it: a signed-in page keeps asking for notifications,
     * and one that asks a stopped site logs a refused connection, which fails its test.
     */
    async close(...pages: Page[]) {
      for (const page of pages) await page.goto('about:blank');
      await app.close();
      await database.close();
    },
  };
}

/**
 * `session` signed in on `page` for the site at `origin` only, as signIn does on the shared stack
 * (a tab ends on about:blank, which has no sessionStorage).
 */
export async function signInOn(page: Page, origin: string, session: Session) {
  await page.addInitScript(
    ({ session, origin }) => {
      if (window.top === window && location.origin === origin && !sessionStorage.getItem('user'))
        sessionStorage.setItem('user', JSON.stringify(session));
    },
    { session, origin },
  );
}

/** The site's first account, its owner, made through the API: its session. */
export async function signUpOwner(request: APIRequestContext, origin: string): Promise<Session> {
  const owner = { fullname: 'First Owner', email: `owner.${uniqueId()}@example.com`, password: 'Owner1234' };
  const res = await request.post(`${origin}/api/user/signup`, { data: owner });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Session;
}
