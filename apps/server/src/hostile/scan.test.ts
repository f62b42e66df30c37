import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { bearer, buildBlog, buildUser, type TestUser } from '../test/factories.ts';
import { fakeWebDist } from '../test/web-dist.ts';

/**
 * What a scanner (sqlmap, wapiti) leaves behind: malformed bodies and injection strings sent to
 * every operation of the OpenAPI document, signed in and not, and the paths scanners try. No answer
 * is a 5xx, the log has no error-level line (anyone could fill it without signing in), and the
 * heap after a garbage collection stays within a bound from one burst to the next.
 */

/** The read cache's size here: a bound it is meant to fill. */
const CACHE_MB = 2;

const errorLines: string[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;
let user: TestUser;
let blogId: string;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    WEB_DIST: fakeWebDist(),
    LOG_LEVEL: 'warn',
    READ_FLUSH_SECONDS: '0',
    SCHEDULED_PUBLISH_SECONDS: '0',
    JOB_POLL_SECONDS: '0',
    RATE_LIMIT_MULTIPLIER: '1000',
    READ_CACHE_MB: String(CACHE_MB),
  });
  app = await buildApp({
    config,
    database,
    logger: true,
    logStream: { write: (line) => void ((JSON.parse(line) as { level: number }).level >= 50 && errorLines.push(line)) },
  });
  await app.ready();
  user = await buildUser(app);
  blogId = await buildBlog(app, user);
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

/** What scanners put in every field and parameter. */
const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users--',
  "1' AND SLEEP(5)--",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '{{7*7}}',
  '\u0000',
  'x'.repeat(3000),
];
/** Bodies no schema takes, whatever the call. */
const MALFORMED = ['{', '[]', '"x"', '1', '{"a":', '{"__proto__":{"admin":true}}', '[{"$gt":""}]'];
/** Paths scanners look for: backups, other software's admin pages, traversal. */
const PROBED_PATHS = [
  '/backup.sql',
  '/wp-login.php',
  '/admin.php',
  '/.env',
  '/.git/config',
  '/phpmyadmin/',
  '/server-status',
  '/index.php?id=1%27',
  '/blog/%27%20OR%201%3D1',
  '/user/..%2f..%2fetc%2fpasswd',
  '/search/%3Cscript%3E',
  '/tag/%00/feed.json',
  `/api/blog/${'a'.repeat(600)}`,
];
/** Every operation of the OpenAPI document, its path parameters filled with injections. */
async function probes(): Promise<InjectOptions[]> {
  const doc = (await app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, { content?: object }> }>>;
  }>();
  const list: InjectOptions[] = [];
  let n = 0;
  // Half signed in (reaching what sits behind the session check), half not.
  const as = () => (n++ % 2 ? bearer(user.token) : {});
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      // The notification stream stays open for as long as its reader does.
      if (Object.keys(operation.responses['200']?.content ?? {}).includes('text/event-stream')) continue;
      for (const value of INJECTIONS) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
        if (method === 'get') {
          list.push({ method: 'GET', url: `${url}?q=${encodeURIComponent(value)}`, headers: as() });
          continue;
        }
        const payload = JSON.stringify({ blog_id: value, query: value, _id: value, username: value, page: value });
        list.push({
          method: method.toUpperCase() as 'POST',
          url,
          payload,
          headers: { ...as(), 'content-type': 'application/json' },
        });
      }
      if (method === 'get') continue;
      for (const payload of MALFORMED)
        list.push({
          method: method.toUpperCase() as 'POST',
          url: path,
          payload,
          headers: { ...as(), 'content-type': 'application/json' },
        });
    }
  }
  for (const path of PROBED_PATHS) list.push({ method: 'GET', url: path }, { method: 'HEAD', url: path });
  // The call of the bug this file was written for: a read counted after a refusal.
  for (const payload of MALFORMED)
    list.push({ method: 'POST', url: '/api/blog/get-blog', payload, headers: { 'content-type': 'application/json' } });
  list.push({ method: 'POST', url: '/api/blog/get-blog', payload: { blog_id: blogId } });
  return list;
}

/** Sends every probe, 50 at a time; answers each one's status. */
async function burst(list: InjectOptions[]): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (let i = 0; i < list.length; i += 50) {
    const answers = await Promise.all(list.slice(i, i + 50).map((probe) => app.inject(probe)));
    answers.forEach((res, j) =>
      statuses.set(`${list[i + j]!.method} ${String(list[i + j]!.url).slice(0, 80)}`, res.statusCode),
    );
  }
  return statuses;
}

const collectGarbage = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
const heapUsedMb = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

describe('a scan', () => {
  it('is refused without a 5xx and without an error in the log', async () => {
    const list = await probes();
    expect(list.length).toBeGreaterThan(1000);
    const statuses = await burst(list);
    const failed = [...statuses].filter(([, status]) => status >= 500);
    expect(failed).toEqual([]);
    expect(errorLines.map((line) => line.slice(0, 300))).toEqual([]);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  /**
   * A first burst fills what is meant to fill (the read cache, here CACHE_MB, compiled code, pools);
   * what is left after each later burst is within MEMORY_BOUND_MB of what was left after the first.
   */
  it('leaves the heap within a bound of where the first burst left it', async () => {
    const MEMORY_BOUND_MB = 8;
    const list = await probes();
    await burst(list);
    const settled = heapUsedMb();
    const after: number[] = [];
    for (let round = 0; round < 3; round++) {
      await burst(list);
      after.push(heapUsedMb());
    }
    console.log(
      `scan: ${list.length} requests a burst; heap used after GC ${settled.toFixed(1)} MB, then ${after.map((mb) => mb.toFixed(1)).join(', ')} MB`,
    );
    for (const mb of after) expect(mb - settled).toBeLessThan(MEMORY_BOUND_MB);
  });
});
