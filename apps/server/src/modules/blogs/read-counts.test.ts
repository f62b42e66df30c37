import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { blogReads, blogs, jobs, visitorSalts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, type TestUser } from '../../test/factories.ts';

const DAY_MS = 86_400_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const dayAt = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

let t: TestApp;
let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp({}, undefined, clock);
  author = await buildUser(t.app);
  reader = await buildUser(t.app);
});
afterAll(() => t.close());

/** Opens the blog as the app does when the reader moves within the site (get-blog, no referrer). */
const getBlog = (blogId: string, { user, ip = '203.0.113.1' }: { user?: TestUser; ip?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blog/get-blog',
    payload: { blog_id: blogId },
    headers: user ? bearer(user.token) : {},
    remoteAddress: ip,
  });
/** The beacon of a server-rendered blog page, with the page's document.referrer. */
const beacon = (
  blogId: string,
  { user, ip = '203.0.113.1', referrer }: { user?: TestUser; ip?: string; referrer?: string },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blog/read',
    payload: { blog_id: blogId, ...(referrer !== undefined && { referrer }) },
    headers: user ? bearer(user.token) : {},
    remoteAddress: ip,
  });

async function internalId(blogId: string) {
  const [row] = await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
  return row!.id;
}
async function totalReads(blogId: string) {
  const [row] = await t.app.db.select({ n: blogs.totalReads }).from(blogs).where(eq(blogs.blogId, blogId));
  return row!.n;
}
const readsPerDay = (blogId: string) =>
  queryRows<{ day: string; reads: number }>(
    t.app.db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, d.reads from blog_daily_reads d
      join blogs b on b.id = d.blog_id where b.blog_id = ${blogId} order by d.day`,
  );
async function readsPerSource(blogId: string) {
  const rows = await queryRows<{ source: string; reads: number }>(
    t.app.db,
    sql`select r.source, sum(r.reads)::int as reads from blog_referrers r
      join blogs b on b.id = r.blog_id where b.blog_id = ${blogId} group by r.source`,
  );
  return Object.fromEntries(rows.map((row) => [row.source, Number(row.reads)]));
}
const storedVisitors = async (blogId: string) =>
  (
    await t.app.db
      .select()
      .from(blogReads)
      .where(eq(blogReads.blogId, await internalId(blogId)))
  ).map((r) => r.visitor);

describe('the read flush: reads per day and where they came from', () => {
  it('adds exactly the reads it counts to their day and their source, batch after batch, as total_reads counts them', async () => {
    offset = 0;
    const blogId = await buildBlog(t.app, author);
    await getBlog(blogId, { ip: '198.51.100.1' });
    await getBlog(blogId, { ip: '198.51.100.1' });
    await beacon(blogId, { ip: '198.51.100.2', referrer: 'https://www.google.co.uk/search?q=walks' });
    await beacon(blogId, { user: reader, referrer: 'https://news.ycombinator.com/item?id=1' });
    await getBlog(blogId, { user: author });
    await beacon(blogId, { user: author, referrer: 'https://elsewhere.example/' });
    await t.app.readCounts.flush();
    expect(await totalReads(blogId)).toBe(3);

    // The next batch: the same visitors again count nothing (their first referrer stands), a new one counts.
    await beacon(blogId, { ip: '198.51.100.1', referrer: 'https://elsewhere.example/' });
    await beacon(blogId, { user: reader, referrer: 'https://elsewhere.example/' });
    await beacon(blogId, { ip: '198.51.100.3', referrer: 'http://localhost/blog/another' });
    await t.app.readCounts.flush();
    expect(await totalReads(blogId)).toBe(4);
    expect(await readsPerDay(blogId)).toEqual([{ day: dayAt(0), reads: 4 }]);
    expect(await readsPerSource(blogId)).toEqual({ direct: 2, search: 1, 'news.ycombinator.com': 1 });

    // The next day a visitor is a visitor again.
    offset = DAY_MS;
    await getBlog(blogId, { ip: '198.51.100.1' });
    await getBlog(blogId, { user: reader });
    await t.app.readCounts.flush();
    expect(await totalReads(blogId)).toBe(6);
    expect(await readsPerDay(blogId)).toEqual([
      { day: dayAt(0), reads: 4 },
      { day: dayAt(1), reads: 2 },
    ]);
    expect(await readsPerSource(blogId)).toEqual({ direct: 4, search: 1, 'news.ycombinator.com': 1 });
    offset = 0;
  });

  it('counts concurrent reads of many visitors across racing flushes into buckets that equal the total', async () => {
    offset = 0;
    const blogId = await buildBlog(t.app, author);
    const ips = Array.from({ length: 30 }, (_, i) => `198.51.100.${100 + i}`);
    await Promise.all([
      ...ips.map((ip) => beacon(blogId, { ip, referrer: 'https://bsky.app/profile/x' })),
      t.app.readCounts.flush(),
      t.app.readCounts.flush(),
    ]);
    await t.app.readCounts.flush();
    expect(await totalReads(blogId)).toBe(ips.length);
    expect(await readsPerDay(blogId)).toEqual([{ day: dayAt(0), reads: ips.length }]);
    expect(await readsPerSource(blogId)).toEqual({ 'bsky.app': ips.length });
  });
});

describe('visitors: no address kept', () => {
  it('keeps a visitor as the address hashed with the secret of its day, never the address nor its plain hash', async () => {
    offset = 0;
    const blogId = await buildBlog(t.app, author);
    const ip = '192.0.2.55';
    const res = await beacon(blogId, { ip });
    expect(res.headers['set-cookie']).toBeUndefined();
    await getBlog(blogId, { user: reader, ip });
    await t.app.readCounts.flush();

    const visitors = await storedVisitors(blogId);
    expect(visitors.sort()).toEqual([expect.stringMatching(/^ip:/), expect.stringMatching(/^user:/)]);
    const anonymous = visitors.find((v) => v.startsWith('ip:'))!;
    const sha256 = createHash('sha256').update(ip).digest();
    for (const leak of [ip, sha256.toString('hex'), sha256.toString('base64'), sha256.toString('base64url')])
      expect(anonymous).not.toContain(leak);
    const [salt] = await t.app.db
      .select()
      .from(visitorSalts)
      .where(eq(visitorSalts.day, dayAt(0)));
    expect(anonymous).toBe(`ip:${createHmac('sha256', salt!.salt).update(ip).digest('base64url')}`);

    // Another day, another secret: the same address is another visitor, not to be followed from day to day.
    offset = DAY_MS;
    await beacon(blogId, { ip });
    await t.app.readCounts.flush();
    const nextDay = (await storedVisitors(blogId)).filter((v) => v.startsWith('ip:') && v !== anonymous);
    expect(nextDay).toHaveLength(1);
    offset = 0;
  });
});

describe('forgetting the visitors', () => {
  it('deletes a day’s salt and reads one by one once the next day is over; the counts stay', async () => {
    offset = 0;
    const blogId = await buildBlog(t.app, author);
    await beacon(blogId, { ip: '192.0.2.70' });
    await beacon(blogId, { user: reader });
    await t.app.readCounts.flush();
    const [job] = await t.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'forget-visitors'), eq(jobs.key, `forget-visitors:${dayAt(0)}`)));
    expect(job!.runAt.toISOString()).toBe(`${dayAt(2)}T00:00:00.000Z`);

    // What the day after holds when the job runs (its "yesterday") is kept for the flushes still counting it.
    const id = await internalId(blogId);
    await t.app.db
      .insert(visitorSalts)
      .values({ day: dayAt(1), salt: 'tomorrow' })
      .onConflictDoNothing();
    await t.app.db.insert(blogReads).values({ blogId: id, visitor: 'ip:kept', day: dayAt(1) });
    await t.app.db
      .insert(visitorSalts)
      .values({ day: dayAt(-5), salt: 'long gone' })
      .onConflictDoNothing();
    await t.app.db.insert(blogReads).values({ blogId: id, visitor: 'ip:old', day: dayAt(-5) });

    // Not yet: the day after is not over.
    const dayAfterEnds = Date.parse(`${dayAt(2)}T00:00:00Z`) - Date.now();
    offset = dayAfterEnds - 60_000;
    await t.app.jobs.runDue();
    expect(await storedVisitors(blogId)).toHaveLength(4);

    offset = dayAfterEnds + 60_000;
    await t.app.jobs.runDue();
    expect(await storedVisitors(blogId)).toEqual(['ip:kept']);
    const salts = (await t.app.db.select({ day: visitorSalts.day }).from(visitorSalts)).map((s) => s.day);
    expect(salts.every((day) => day >= dayAt(1))).toBe(true);
    expect(await totalReads(blogId)).toBe(2);
    expect(await readsPerDay(blogId)).toEqual([{ day: dayAt(0), reads: 2 }]);
    offset = 0;
  });
});

describe('a reader who leaves at once', () => {
  it('is counted by the address they came from, and the reads after them are counted too', async () => {
    offset = 0;
    const left = await buildBlog(t.app, author);
    const stayed = await buildBlog(t.app, author);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);

    // A page being closed: its beacon sent, the connection gone before the answer.
    const body = JSON.stringify({ blog_id: left });
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/blog/read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.destroy();
    await vi.waitFor(async () => {
      await t.app.readCounts.flush();
      expect(await totalReads(left)).toBe(1);
    });
    // The same address reading again that day is the same visitor.
    await beacon(left, { ip: '127.0.0.1' });
    await t.app.readCounts.flush();
    expect(await totalReads(left)).toBe(1);
    expect(await storedVisitors(left)).toEqual([expect.stringMatching(/^ip:/)]);

    await beacon(stayed, { ip: '192.0.2.80' });
    await t.app.readCounts.flush();
    expect(await totalReads(stayed)).toBe(1);
  });
});
