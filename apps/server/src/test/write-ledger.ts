import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';

/** What a key shows when its row is not there: a comment deleted, a like taken back, a blog never made. */
export const ABSENT = 'absent';

/**
 * Every write the server acknowledged, as the state it left one thing in: `comment:<id>` present
 * or absent, `like:<username>:<blog_id>` liked or absent, `blog:<blog_id>` its title, tags and draft flag.
 * A write that got no answer, or an error, may or may not have committed (its answer can be lost
 * after the commit): its state is allowed beside the last acknowledged one until a later
 * acknowledged write to the same thing settles it.
 */
export class WriteLedger {
  private readonly allowed = new Map<string, Set<string>>();
  private widened = false;

  acknowledged(key: string, state: string) {
    if (!this.widened) return void this.allowed.set(key, new Set([state]));
    this.unsure(key, state);
  }

  unsure(key: string, state: string) {
    // Before its first acknowledged write, a thing was not there.
    const states = this.allowed.get(key) ?? new Set([ABSENT]);
    states.add(state);
    this.allowed.set(key, states);
  }

  /** How many things it holds a state for. */
  get size() {
    return this.allowed.size;
  }

  /**
   * From now on every write may or may not be in what is checked: for a copy taken at some moment
   * after this (a backup), which must hold what was acknowledged before and may hold what came later.
   */
  widen() {
    this.widened = true;
  }

  /** Every thing whose state in the database is not one the writes allow, in words; empty when all hold. */
  async differences(db: Executor): Promise<string[]> {
    const found = await databaseStates(db);
    const differences: string[] = [];
    for (const [key, states] of this.allowed) {
      const state = found.get(key) ?? ABSENT;
      if (!states.has(state)) differences.push(`${key} is ${state}, written as ${[...states].join(' or ')}`);
    }
    return differences;
  }
}

export const blogState = (blog: { title: string; tags: string[]; draft: boolean }) =>
  JSON.stringify({ title: blog.title, tags: [...blog.tags].sort(), draft: blog.draft });

async function databaseStates(db: Executor): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  for (const { id } of await queryRows<{ id: string }>(db, sql`select id from comments`))
    states.set(`comment:${id}`, 'present');
  const likes = await queryRows<{ username: string; blog_id: string }>(
    db,
    sql`select u.username, b.blog_id from likes l join users u on u.id = l.user_id join blogs b on b.id = l.blog_id`,
  );
  for (const { username, blog_id } of likes) states.set(`like:${username}:${blog_id}`, 'liked');
  const blogs = await queryRows<{ blog_id: string; title: string; tags: string[]; draft: boolean }>(
    db,
    sql`select blog_id, title, tags, draft from blogs`,
  );
  for (const blog of blogs) states.set(`blog:${blog.blog_id}`, blogState(blog));
  return states;
}

/**
 * Every counter that disagrees with the rows it counts, in words; empty when all agree: each blog's
 * comments, top-level comments and likes, each author's listed blogs and follow counters, the
 * listed blogs in all and per tag (blog_counts), and which are listed under each tag (tag_listings).
 */
export async function counterMismatches(db: Executor): Promise<string[]> {
  const mismatches: string[] = [];
  const blogs = await queryRows<Record<string, string | number>>(
    db,
    sql`select b.blog_id, b.total_comments, b.total_parent_comments, b.total_likes,
          (select count(*) from comments c where c.blog_id = b.id)::int as comments,
          (select count(*) from comments c where c.blog_id = b.id and c.parent_id is null)::int as parent_comments,
          (select count(*) from likes l where l.blog_id = b.id)::int as likes
        from blogs b`,
  );
  for (const blog of blogs) {
    for (const [counter, rows] of [
      ['total_comments', 'comments'],
      ['total_parent_comments', 'parent_comments'],
      ['total_likes', 'likes'],
    ] as const) {
      if (Number(blog[counter]) !== Number(blog[rows]))
        mismatches.push(`blog ${blog.blog_id}: ${counter} ${blog[counter]}, ${rows} ${blog[rows]}`);
    }
  }
  const authors = await queryRows<{ username: string; total_posts: number; published: number }>(
    db,
    sql`select u.username, u.total_posts, (select count(*) from blogs b where b.author_id = u.id and b.listed)::int as published from users u`,
  );
  for (const author of authors) {
    if (Number(author.total_posts) !== Number(author.published)) {
      mismatches.push(
        `user ${author.username}: total_posts ${author.total_posts}, published blogs ${author.published}`,
      );
    }
  }
  const followCounts = await queryRows<{ username: string }>(
    db,
    sql`select username from users u
      where total_followers <> (select count(*) from follows where author_id = u.id)
         or total_following <> (select count(*) from follows where follower_id = u.id)`,
  );
  for (const { username } of followCounts) mismatches.push(`user ${username}: follow counters`);
  const scopes = await queryRows<{ scope: string; total: number | null; published: number | null }>(
    db,
    sql`with published as (
          select 'all' as scope, count(*)::int as published from blogs where listed
          union all
          select 'tag:' || tag, count(*)::int from blogs, unnest(tags) as tag where listed group by tag
        )
        select coalesce(c.scope, p.scope) as scope, c.total, p.published
        from blog_counts c full join published p on p.scope = c.scope`,
  );
  for (const { scope, total, published } of scopes) {
    if (Number(total ?? 0) !== Number(published ?? 0))
      mismatches.push(`blog_counts ${scope}: ${total ?? 'no row'}, published blogs ${published ?? 0}`);
  }
  const listings = await queryRows<{ tag: string; blog_id: string; kept: string | null; listed: string | null }>(
    db,
    sql`with listed as (select distinct tag, b.id, b.published_at from blogs b, unnest(b.tags) as tag where b.listed)
        select coalesce(k.tag, l.tag) as tag, b.blog_id, k.published_at::text as kept, l.published_at::text as listed
        from tag_listings k full join listed l on l.tag = k.tag and l.id = k.blog_id
        left join blogs b on b.id = coalesce(k.blog_id, l.id)
        where k.published_at is distinct from l.published_at`,
  );
  for (const { tag, blog_id, kept, listed } of listings)
    mismatches.push(`tag_listings ${tag} ${blog_id}: ${kept ?? 'no row'}, listed ${listed ?? 'not listed'}`);
  return mismatches;
}
