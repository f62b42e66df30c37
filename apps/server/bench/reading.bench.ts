/**
 * `npm run bench`: the reading path measured side by side, over real HTTP, on PGlite and (when it
 * answers) PostgreSQL, on the same seeded data in one run. Machines here are shared and noisy, so
 * the numbers to read are the ratios within this run, not the absolute rates.
 *
 *   BENCH_BLOGS (default 3000)      blogs to seed
 *   BENCH_SECONDS (default 3)       time per scenario
 *   BENCH_DATABASE_URL              PostgreSQL server to create a scratch database on
 *                                   (default postgres://postgres@127.0.0.1:5432/postgres; "" to skip)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Limits, TOPIC_TAGS } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createSession } from '../src/modules/auth/sessions.repository.ts';
import { blogs, users } from '../src/db/schema/index.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 8;
const MIDDLE_PAGE = Math.max(1, Math.floor(BLOGS / Limits.pageSize / 2));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const WORDS = ['walk', 'river', 'garden', 'city', 'programming', 'recipe', 'market', 'camera', 'budget', 'night', 'journey', 'story'];
const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sent as a bearer token: the request pays for finding the session. */
  token?: string;
}

function scenarios({ sampleBlogId, sampleBlogUuid, token }: Seeded): Scenario[] {
  return [
    { name: 'latest-blogs page 1', method: 'POST', path: '/api/blog/latest-blogs', body: { page: 1 } },
    { name: 'latest-blogs middle page', method: 'POST', path: '/api/blog/latest-blogs', body: { page: MIDDLE_PAGE } },
    { name: 'all-latest-blogs-count', method: 'POST', path: '/api/blog/all-latest-blogs-count', body: {} },
    { name: 'search-blogs by tag', method: 'POST', path: '/api/blog/search-blogs', body: { tag: 'programming', page: 1 } },
    { name: 'search-blogs common word', method: 'POST', path: '/api/blog/search-blogs', body: { query: 'walk', page: 1 } },
    { name: 'search-blogs typo', method: 'POST', path: '/api/blog/search-blogs', body: { query: 'progamming', page: 1 } },
    { name: 'trending-blogs', method: 'GET', path: '/api/blog/trending-blogs' },
    { name: 'get-blog (read)', method: 'POST', path: '/api/blog/get-blog', body: { blog_id: sampleBlogId } },
    { name: 'search-users', method: 'POST', path: '/api/user/search-users', body: { query: 'writ' } },
    { name: 'isliked-by-user (signed in)', method: 'POST', path: '/api/user/isliked-by-user', body: { _id: sampleBlogUuid }, token },
  ];
}

interface Seeded {
  sampleBlogId: string;
  sampleBlogUuid: string;
  token: string;
}

/** Seeds authors and blogs straight into the tables: the bench is about reading them. */
async function seed({ db }: Database): Promise<Seeded> {
  const authors = await db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        username: `writer${i}`,
        fullname: `Writer Number ${i}`,
        email: `writer${i}@example.com`,
        profileImg: '/favicon.svg',
      })),
    )
    .returning({ id: users.id });
  const day = 86_400_000;
  for (let start = 0; start < BLOGS; start += 500) {
    const rows = Array.from({ length: Math.min(500, BLOGS - start) }, (_, k) => {
      const i = start + k;
      const title = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${pick(WORDS, i * 13 + 5)} ${i}`;
      return {
        blogId: `${title.replaceAll(' ', '-')}-${randomBytes(3).toString('hex')}`,
        authorId: pick(authors, i).id,
        title,
        banner: '/favicon.svg',
        des: `A short note about ${pick(WORDS, i * 5)} and ${pick(WORDS, i * 11)}.`,
        content: { blocks: [{ id: 'p', type: 'paragraph', data: { text: 'Body text. '.repeat(40) } }] },
        tags: [pick(TOPIC_TAGS, i), pick(TOPIC_TAGS, i * 3 + 1)],
        publishedAt: new Date(Date.now() - (i % 365) * day),
        totalReads: (i * 37) % 1000,
        totalLikes: (i * 11) % 100,
      };
    });
    await db.insert(blogs).values(rows);
  }
  const [sample] = await db.select({ blogId: blogs.blogId, id: blogs.id }).from(blogs).limit(1);
  const token = await createSession(db, authors[0]!.id, 1);
  await db.execute(sql`analyze`);
  return { sampleBlogId: sample!.blogId, sampleBlogUuid: sample!.id, token };
}

/** Requests per second for one scenario: CONCURRENCY clients in a loop for SECONDS. */
async function measure(base: string, scenario: Scenario): Promise<number> {
  const init: RequestInit = {
    method: scenario.method,
    headers: {
      ...(scenario.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(scenario.token ? { authorization: `Bearer ${scenario.token}` } : {}),
    },
    body: scenario.body === undefined ? null : JSON.stringify(scenario.body),
  };
  const call = async () => {
    const res = await fetch(base + scenario.path, init);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${scenario.name}: HTTP ${res.status}`);
  };
  for (let i = 0; i < 20; i++) await call(); // warm up caches and prepared statements
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await call();
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function runOn(label: string, database: Database): Promise<Map<string, number>> {
  const seeded = await seed(database);
  const app = await buildApp({ config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const rates = new Map<string, number>();
  for (const scenario of scenarios(seeded)) {
    rates.set(scenario.name, await measure(base, scenario));
    process.stderr.write(`${label}: ${scenario.name} done\n`);
  }
  await app.close();
  return rates;
}

async function withScratchPostgres<T>(run: (database: Database) => Promise<T>): Promise<T | undefined> {
  if (!PG_URL) return undefined;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    process.stderr.write(`PostgreSQL at ${PG_URL} does not answer: measuring PGlite only\n`);
    return undefined;
  }
  const name = `inkwell_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const pglite = await openDatabase({ dataDir: 'memory://' });
const onPglite = await runOn('PGlite', pglite);
await pglite.close();
const onPostgres = await withScratchPostgres((database) => runOn('PostgreSQL', database));

const baseline = onPglite.get('latest-blogs page 1')!;
const fmt = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
console.log(`\nReading path, ${BLOGS} published blogs, ${CONCURRENCY} concurrent clients, ${SECONDS}s per row (requests/s; higher is better)\n`);
console.log(`| scenario | PGlite req/s | × latest page 1 (PGlite) |${onPostgres ? ' PostgreSQL req/s | PostgreSQL ÷ PGlite |' : ''}`);
console.log(`|---|---:|---:|${onPostgres ? '---:|---:|' : ''}`);
for (const [name, rate] of onPglite) {
  const pgRate = onPostgres?.get(name);
  const pgCols = pgRate === undefined ? '' : ` ${fmt(pgRate)} | ${(pgRate / rate).toFixed(2)} |`;
  console.log(`| ${name} | ${fmt(rate)} | ${(rate / baseline).toFixed(2)} |${pgCols}`);
}
