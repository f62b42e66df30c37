import type { FastifyInstance, RouteOptions } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@inkwell/contracts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A test app's configuration: silent, in memory, with no timer of its own (reads counted, blogs published and jobs run when a test says so); `env` as the environment would add. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    READ_FLUSH_SECONDS: '0',
    COUNTS_LAG_SECONDS: '0',
    SCHEDULED_PUBLISH_SECONDS: '0',
    JOB_POLL_SECONDS: '0',
    ...env,
  });

/**
 * The real app on its own fresh database. `env` overrides configuration the way the
 * environment would (for example GOOGLE_CLIENT_ID or SMTP_URL). Reads are counted, and scheduled
 * blogs published and jobs run, when a test says so (`app.readCounts.flush()`, `app.scheduledPublishing.run()`,
 * `app.jobs.runDue()`),
 * never by a timer in the middle of it; `clock` is the app's time (the real one by default);
 * `onRoute` hears every route as it is added, with its options (a test of the routes themselves).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  tweak?: (config: Config) => void,
  clock?: () => Date,
  onRoute?: (route: RouteOptions) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  tweak?.(config);
  const app = await buildApp({ config, database, clock, onRoute });
  const uncoded = recordAnswersWithoutCode(app);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
      if (uncoded.length)
        throw new Error(`Error answers without a code of the catalogue (error-codes.ts):\n${uncoded.join('\n')}`);
    },
  };
}

/**
 * Every JSON error answer must carry a `code` of the catalogue, whatever made it (a route, a hook,
 * Fastify itself): the ones a test app gave without are listed, and its close() fails on them, so a
 * new refusal that forgets its code fails the tests that reach it.
 */
function recordAnswersWithoutCode(app: FastifyInstance): string[] {
  const uncoded: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (reply.statusCode < 400 || !json || typeof payload !== 'string') return payload;
    const { code } = JSON.parse(payload) as { code?: unknown };
    if (!ERROR_CODES.includes(code as ErrorCode))
      uncoded.push(`${request.method} ${request.url} ${reply.statusCode} ${payload.slice(0, 200)}`);
    return payload;
  });
  return uncoded;
}
