/**
 * `npm run bench:scale`: the reading calls at scale. Seeds a PostgreSQL database with BENCH_BLOGS
 * published blogs (default 1 000 000) by BENCH_BLOGS / 50 authors, in SQL (generate_series, a few
 * minutes for a million): titles and descriptions drawn from a vocabulary with a Zipf-like
 * frequency (the word of rank r about 1/r as often as the commonest), topics as skewed, dates
 * over three years. Then it measures every reading call of docs/api.md and the additions over real
 * HTTP, uncached (READ_CACHE_MB=0: the database's own speed), BENCH_REQUESTS sequential requests
 * each, and prints p50/p95/p99 in ms. A benchmark, not a test: the goal (issue 16) is p95 ≤ 30 ms.
 *
 *   BENCH_BLOGS (default 1000000)   blogs to seed
 *   BENCH_REQUESTS (default 200)    requests per call
 *   BENCH_DATABASE_URL              PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_KEEP=1                    keep the seeded database (inkwell_scale_<blogs>) and reuse it next time
 *   BENCH_ONLY                      measure only the calls whose name contains this text
 */
import type { AddressInfo } from 'node:net';
import { Limits, TOPIC_TAGS } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import { addEveryTitleWord } from '../src/modules/blog-lists/title-words.ts';
import { countEveryBlog } from '../src/modules/blogs/blog-counts.ts';
import { RENDER_VERSION } from '../src/modules/content/index.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 1_000_000);
const AUTHORS = Math.max(1, Math.floor(BLOGS / 50));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const KEEP = process.env.BENCH_KEEP === '1';
const ONLY = process.env.BENCH_ONLY ?? '';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BATCH = 50_000;

/** The commonest words of English prose first; the long tail is made of syllables (see vocabulary()). */
const COMMON = `time year people way day man thing woman life child world school state family student group country
problem hand part place case week company system program question work government number night point home water
room mother area money story fact month lot right study book eye job word business issue side kind head house
service friend father power hour game line end member law car city community name president team minute idea kid
body information back parent face others level office door health person art war history party result change
morning reason research girl guy moment air teacher force education garden river market camera recipe budget journey
music film coffee travel photography programming design science space ocean mountain winter summer kitchen bread
language history memory light road train letter village forest island bridge station museum library window`.split(
  /\s+/,
);
const SYLLABLES = [
  'ka',
  'lo',
  'ri',
  'men',
  'sa',
  'tor',
  'vi',
  'den',
  'mu',
  'pel',
  'ra',
  'nis',
  'co',
  'ber',
  'ta',
  'lin',
  'go',
  'ser',
  'fa',
  'dum',
];

/** 20 000 words by rank: the common ones, then two- and three-syllable inventions. */
function vocabulary(): string[] {
  const words = [...new Set(COMMON)];
  for (let i = 0; words.length < 20_000; i++) {
    const a = SYLLABLES[i % 20]!;
    const b = SYLLABLES[Math.floor(i / 20) % 20]!;
    const c = i >= 400 ? SYLLABLES[Math.floor(i / 400) % 20]! : '';
    words.push(a + b + c);
  }
  return words;
}

function progress(label: string, done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stderr.write('\n');
}

/** Authors, then blogs in batches, all in SQL; counters as the app keeps them; then ANALYZE. */
async function seed(database: Database, words: string[]) {
  const { db } = database;
  // Tables and a function of the seeding's own, dropped after (the pool may run each statement on another connection).
  await db.execute(sql`create table bench_vocab (rank int primary key, word text not null)`);
  await db.execute(
    sql`insert into bench_vocab select r, w from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as t(w, r)`,
  );
  // The word of rank floor(V^u), u uniform, comes about 1/r as often as rank 1 (Zipf). Volatile: drawn anew for each row.
  await db.execute(
    sql.raw(
      `create function bench_word() returns text volatile language sql as $$ select word from bench_vocab where rank = (select greatest(1, floor(power(${words.length}, random()))::int)) $$`,
    ),
  );
  const topics = [...TOPIC_TAGS];
  await db.execute(sql`
    insert into users (username, fullname, email, profile_img, bio)
    select 'writer' || i, 'Writer ' || initcap((select word from bench_vocab where rank = 1 + i % 200)) || ' ' || i,
      'writer' || i || '@example.com', '/favicon.svg', 'Writes about ' || (select word from bench_vocab where rank = 1 + i % 300)
    from generate_series(1, ${AUTHORS}) i`);
  for (let start = 0; start < BLOGS; start += BATCH) {
    const count = Math.min(BATCH, BLOGS - start);
    await db.execute(sql`
      insert into blogs (blog_id, author_id, title, banner, des, content, render_version, tags, draft, published_at, total_reads, total_likes)
      select b.title_slug || '-' || to_hex(${start} + g.i), a.id, b.title, '/favicon.svg', b.des,
        jsonb_build_object('blocks', jsonb_build_array(jsonb_build_object('id', 'p', 'type', 'paragraph', 'data', jsonb_build_object('text', b.des || ' ' || b.title)))),
        -- Words and no markup nor code: stored as today's rules render it.
        ${RENDER_VERSION},
        b.tags, false, now() - random() * interval '3 years', floor(random() * 5000)::int, floor(random() * 300)::int
      from generate_series(1, ${count}) g(i)
      cross join lateral (
        select initcap(t.title) as title, regexp_replace(lower(t.title), '[^a-z0-9]+', '-', 'g') as title_slug, t.des, t.tags
        from (select
          (select string_agg(bench_word(), ' ') from generate_series(1, 3 + (g.i % 6))) as title,
          (select string_agg(bench_word(), ' ') from generate_series(1, 12 + (g.i % 14))) || '.' as des,
          array[(${JSON.stringify(topics)}::jsonb) ->> (floor(power(${topics.length}, random()))::int - 1), bench_word()] as tags) t
      ) b
      join users a on a.username = 'writer' || (1 + (${start} + g.i) % ${AUTHORS})`);
    progress('blogs', start + count, BLOGS);
  }
  await countEveryBlog(database.db);
  await addEveryTitleWord(database.db);
  await db.execute(
    sql`update users u set total_posts = c.n, total_reads = c.reads from (select author_id, count(*)::int n, sum(total_reads)::int reads from blogs group by author_id) c where c.author_id = u.id`,
  );
  await db.execute(sql`drop function bench_word(); drop table bench_vocab`);
  await db.execute(sql`analyze`);
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

async function calls({ db }: Database, words: string[]): Promise<Call[]> {
  // One blog a little way down the newest: its page, its comments, its author.
  const [sample] = await queryRows<{ id: string; blog_id: string; username: string }>(
    db,
    sql`select b.id, b.blog_id, u.username from blogs b join users u on u.id = b.author_id order by b.published_at desc limit 1 offset 500`,
  );
  // A rare word: of rank near the end of the vocabulary; a common one: rank 20; a typo: a long word of rank > 100 missing a letter.
  const rare = words[Math.floor(words.length * 0.9)]!;
  const common = words[19]!;
  const middle = words[400]!;
  const long = words.find((word, rank) => rank > 100 && word.length >= 9)!;
  const typo = long.slice(0, 4) + long.slice(5);
  const deepPage = Math.floor(BLOGS / Limits.pageSize / 2);
  const search = (query: string) => ({
    method: 'POST' as const,
    path: '/api/blog/search-blogs',
    body: { query, page: 1 },
  });
  return [
    { name: 'page /', method: 'GET', path: '/' },
    { name: 'page /blog/:blog_id', method: 'GET', path: `/blog/${sample!.blog_id}` },
    { name: 'page /user/:username', method: 'GET', path: `/user/${sample!.username}` },
    { name: `page /search/${common}`, method: 'GET', path: `/search/${common}` },
    { name: 'latest-blogs page 1', method: 'POST', path: '/api/blog/latest-blogs', body: { page: 1 } },
    { name: `latest-blogs page ${deepPage}`, method: 'POST', path: '/api/blog/latest-blogs', body: { page: deepPage } },
    { name: 'all-latest-blogs-count', method: 'POST', path: '/api/blog/all-latest-blogs-count', body: {} },
    { name: 'trending-blogs', method: 'GET', path: '/api/blog/trending-blogs' },
    { name: `search-blogs rare "${rare}"`, ...search(rare) },
    { name: `search-blogs common "${common}"`, ...search(common) },
    { name: `search-blogs two words "${common} ${middle}"`, ...search(`${common} ${middle}`) },
    { name: `search-blogs typo "${typo}"`, ...search(typo) },
    {
      name: 'search-blogs by tag',
      method: 'POST',
      path: '/api/blog/search-blogs',
      body: { tag: TOPIC_TAGS[0], page: 1 },
    },
    {
      name: 'search-blogs by author',
      method: 'POST',
      path: '/api/blog/search-blogs',
      body: { author: sample!.username, page: 1 },
    },
    {
      name: `search-blogs-count "${common}"`,
      method: 'POST',
      path: '/api/blog/search-blogs-count',
      body: { query: common },
    },
    {
      name: 'search-blogs-count by tag',
      method: 'POST',
      path: '/api/blog/search-blogs-count',
      body: { tag: TOPIC_TAGS[0] },
    },
    { name: 'get-blog', method: 'POST', path: '/api/blog/get-blog', body: { blog_id: sample!.blog_id } },
    {
      name: 'get-blog-comments',
      method: 'POST',
      path: '/api/comment/get-blog-comments',
      body: { blog_id: sample!.id, skip: 0 },
    },
    { name: 'search-users', method: 'POST', path: '/api/user/search-users', body: { query: 'writer 12' } },
    { name: 'get-profile', method: 'POST', path: '/api/user/get-profile', body: { username: sample!.username } },
  ];
}

/** Milliseconds of each of REQUESTS sequential requests, after five to warm up. */
async function timings(base: string, call: Call): Promise<number[]> {
  const init = {
    method: call.method,
    headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
    body: call.body === undefined ? null : JSON.stringify(call.body),
  };
  const once = async () => {
    const started = performance.now();
    const response = await fetch(base + call.path, init);
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${call.name}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const name = `inkwell_scale_${BLOGS}`;
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
if (exists && !KEEP) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
if (!exists || !KEEP) await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
// Seeding a million blogs runs statements far longer than a request's bound (DATABASE_TIMEOUT_SECONDS).
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', timeoutSeconds: 3600 });
const words = vocabulary();
try {
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int n from blogs`)) as [
    { n: number },
  ];
  if (n !== BLOGS) {
    const started = performance.now();
    await database.db.execute(sql`truncate blogs, users cascade`);
    await seed(database, words);
    process.stderr.write(
      `seeded ${BLOGS} blogs by ${AUTHORS} authors in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
  }
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      READ_CACHE_MB: '0',
      RATE_LIMIT_MULTIPLIER: '1000',
    }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  console.log(
    `\n${BLOGS} published blogs, ${AUTHORS} authors, PostgreSQL, uncached; ${REQUESTS} sequential requests per call (ms)\n`,
  );
  console.log('| call | p50 | p95 | p99 |\n|---|---:|---:|---:|');
  for (const call of (await calls(database, words)).filter((c) => c.name.includes(ONLY))) {
    const query = (call.body as { query?: string } | undefined)?.query;
    if (query !== undefined && call.path.endsWith('/search-blogs')) {
      const count = await fetch(`${base}/api/blog/search-blogs-count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      call.name += ` (${((await count.json()) as { totalDocs: number }).totalDocs} matches)`;
    }
    const sorted = await timings(base, call);
    const cell = (p: number) => percentile(sorted, p).toFixed(1);
    console.log(`| ${call.name} | ${cell(50)} | ${cell(95)} | ${cell(99)} |`);
  }
  await app.close();
} finally {
  await database.close();
  if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
