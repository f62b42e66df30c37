import { isUuid } from '@inkwell/contracts';
import { and, asc, desc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogCounts, blogDayCounts, blogs, countScope, tagListings, users } from '../../db/schema/index.ts';
import { blogCardColumns, type BlogCardRow } from '../blogs/index.ts';
import { listedToReaders } from '../visibility/index.ts';
import { typoQueryText } from './title-words.ts';

/**
 * A text search reads every blog it matches, so ranking happens among the newest this many
 * matches only: the cost of a search stays bounded however common its words are.
 */
export const SEARCH_CANDIDATES = 200;
/** A text search also looks for the title words like its words (a typo) when the words themselves found fewer blogs than this. */
export const TYPO_SEARCH_BELOW = 10;
/** Trending is chosen among the newest this many published blogs (older ones have decayed away). */
export const TRENDING_CANDIDATES = 1000;
/** Trending halves a blog's score every this many days. */
export const TRENDING_HALF_LIFE_DAYS = 7;
/** A like says more than a read. */
export const TRENDING_LIKE_WEIGHT = 3;

export interface BlogFilter {
  /** Exactly as stored: trimmed, lower case. */
  tag?: string | undefined;
  /** Free text, already cut to its maximum; when given (even blank) only matching blogs count. */
  query?: string | undefined;
  /** The author's id, or username in any case. */
  author?: string | undefined;
  /** blog_id to leave out. */
  excludeBlogId?: string | undefined;
}

// Written as literals, in the index's own order, so blogs_latest_idx (published_at desc nulls last,
// id desc nulls last, where listed) serves every list, even from a prepared statement's generic plan.
const newestFirst = [sql`${blogs.publishedAt} desc nulls last`, sql`${blogs.id} desc nulls last`];
const newestOrder = sql.join(newestFirst, sql`, `);

/** Full-text match over title, tags and description (weights A, B, C); punctuation and operators are just text. */
const textQuery = (query: string) => sql`plainto_tsquery('english', ${query})`;
const fullTextMatch = (query: string) => sql`${blogs.search} @@ ${textQuery(query)}`;
const relevance = (query: string) =>
  sql`ts_rank(${blogs.search}, ${textQuery(query)}) + strict_word_similarity(lower(${query}), lower(${blogs.title}))`;

/** A filter's value as it goes into the SQL: itself, or a prepared statement's placeholder of that name. */
type FilterValue = (name: keyof BlogFilter, value: string) => string | SQLWrapper;

/** Every filter but the text. */
function filterWhere({ tag, author, excludeBlogId }: BlogFilter, value: FilterValue = (_, value) => value): SQL {
  const conditions = [listedToReaders];
  if (tag !== undefined) conditions.push(sql`${blogs.tags} @> array[${value('tag', tag)}]::text[]`);
  if (author !== undefined) {
    // Usernames hold no dashes, so a uuid is always an id.
    const byName = sql`(select a.id from ${users} a where lower(a.username) = lower(${value('author', author)}))`;
    conditions.push(isUuid(author) ? eq(blogs.authorId, value('author', author)) : sql`${blogs.authorId} = ${byName}`);
  }
  if (excludeBlogId !== undefined) conditions.push(ne(blogs.blogId, value('excludeBlogId', excludeBlogId)));
  return and(...conditions)!;
}

/**
 * The ids of the newest SEARCH_CANDIDATES matches of a text search: the set ranking and counting
 * work on. Its words first; when they find fewer than TYPO_SEARCH_BELOW blogs, also each word or
 * the title words like it (title-words.ts), so that 'progamming' finds programming. Each is its own
 * query, planned for the words it has (walking the newest blogs for common words, the search index
 * for rare ones).
 */
async function textCandidates(db: Executor, filter: BlogFilter, query: string): Promise<string[]> {
  const newest = async (match: SQL) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select ${blogs.id} as id from ${blogs} where ${filterWhere(filter)} and ${match} order by ${newestOrder} limit ${SEARCH_CANDIDATES}`,
      )
    ).map((row) => row.id);
  const exact = fullTextMatch(query);
  const found = await newest(exact);
  if (found.length >= TYPO_SEARCH_BELOW) return found;
  const typo = await typoQueryText(db, query);
  return typo === null ? found : newest(sql`(${exact} or ${blogs.search} @@ to_tsquery('english', ${typo}))`);
}

/** A list of ids as a subquery (sent as one JSON value). */
const idsOf = (ids: string[]) => sql`select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)`;

const cards = (db: Executor) => db.select(blogCardColumns).from(blogs).innerJoin(users, eq(users.id, blogs.authorId));

/**
 * The cards of a capped set of ids. `= any(array(...))` makes the set an init plan the blogs are
 * fetched for by primary key, instead of a join that would read the whole table.
 */
const cardsOf = (db: Executor, ids: SQLWrapper) => cards(db).where(sql`${blogs.id} = any(array(${ids}))`);

/**
 * The ids of one page of blogs, newest first. Paging over ids alone (then fetching the cards of
 * those few) lets a deep page skip entries of blogs_latest_idx instead of joined, full rows.
 */
const newestPage = (where: SQL, offset: SQLWrapper | number, limit: SQLWrapper | number) =>
  sql`select ${blogs.id} from ${blogs} where ${where} order by ${newestOrder} offset ${offset} limit ${limit}`;

/**
 * The ids of one page of a tag's blogs (but one, given its id), newest first: one range of
 * tag_listings' key read backwards, whatever the tag, so the statement is named and planned once.
 */
export const tagPage = (tag: SQLWrapper, butBlog: SQLWrapper | null, offset: SQLWrapper, limit: SQLWrapper) =>
  sql`select ${tagListings.blogId} from ${tagListings} where ${tagListings.tag} = ${tag}
    ${butBlog ? sql`and ${tagListings.blogId} is distinct from ${butBlog}` : sql``}
    order by ${tagListings.publishedAt} desc, ${tagListings.blogId} desc
    offset ${offset} limit ${limit}`;

/**
 * A page of the blogs a filter without text finds, newest first: a blog page's similar blogs, a
 * topic, an author's profile. Prepared once per database and kind of filter (which filters, an
 * author by id or by name). A tag's page alone (tagPage) is named; the others are unnamed, so
 * PostgreSQL plans each for its values: a tag and an author, say, by the rarer of the two.
 */
const filteredPages = preparedPerDatabase((db) => {
  const byKind = new Map<string, ReturnType<typeof prepareFilteredPage>>();
  const prepareFilteredPage = (filter: BlogFilter) => {
    const butOne = filter.excludeBlogId !== undefined;
    const ofTag = filter.tag !== undefined && filter.author === undefined;
    const butBlog = sql`(select ${blogs.id} from ${blogs} where ${blogs.blogId} = ${sql.placeholder('excludeBlogId')})`;
    const ids = ofTag
      ? tagPage(sql.placeholder('tag'), butOne ? butBlog : null, sql.placeholder('offset'), sql.placeholder('limit'))
      : newestPage(filterWhere(filter, sql.placeholder), sql.placeholder('offset'), sql.placeholder('limit'));
    return cardsOf(db, ids)
      .orderBy(...newestFirst)
      .prepare(ofTag ? (butOne ? 'tag_page_but_one' : 'tag_page') : '');
  };
  return (filter: BlogFilter) => {
    const { tag, author, excludeBlogId } = filter;
    const kind = `${tag !== undefined} ${excludeBlogId !== undefined} ${author && (isUuid(author) ? 'id' : 'name')}`;
    let statement = byKind.get(kind);
    if (!statement) byKind.set(kind, (statement = prepareFilteredPage(filter)));
    return statement;
  };
});

/** One page of published blogs: by relevance when there is a query, else newest first. */
export async function searchBlogs(
  db: Executor,
  filter: BlogFilter,
  offset: number,
  limit: number,
): Promise<BlogCardRow[]> {
  const { query } = filter;
  if (query === undefined) return filteredPages(db)(filter).execute({ ...filter, offset, limit });
  return cardsOf(db, idsOf(await textCandidates(db, filter, query)))
    .orderBy(desc(relevance(query)), ...newestFirst)
    .offset(offset)
    .limit(limit);
}

/** How many blogs searchBlogs pages through (a text search counts its capped candidates). */
export async function countBlogs(db: Executor, filter: BlogFilter): Promise<number> {
  if (filter.query !== undefined) return (await textCandidates(db, filter, filter.query)).length;
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${blogs} where ${filterWhere(filter)}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * The ids of one page of every published blog, newest first: newestPage(listedToReaders, offset,
 * limit) exactly, without skipping `offset` index entries. The kept counts per day of publication
 * (blog-counts.ts) tell the UTC day the page's first blog was published on and how many blogs were
 * published after it, so the index is read from the end of that day on, skipping fewer than one
 * day's blogs. Blogs that share a published_at share a day, so their order by id is kept. One
 * statement, so the counts and the blogs are read at one moment. Past the last blog, no day is
 * found and the bound `-infinity` finds nothing.
 */
function latestPage(offset: SQLWrapper, limit: SQLWrapper) {
  const days = sql`select ${blogDayCounts.day} as day, ${blogDayCounts.total} as total,
    sum(${blogDayCounts.total}) over (order by ${blogDayCounts.day} desc) as through from ${blogDayCounts}`;
  // The newest day that, with the days after it, holds more than `offset` blogs: its end, and how many blogs came after it.
  const start = sql`select (day + 1)::timestamp at time zone 'UTC' as day_end, through - total as newer
    from (${days}) days where through > ${offset} order by day desc limit 1`;
  return sql`with start as (${start})
    select ${blogs.id} from ${blogs}
    where ${listedToReaders} and ${blogs.publishedAt} < coalesce((select day_end from start), '-infinity')
    order by ${newestOrder} offset ${offset} - (select newer from start) limit ${limit}`;
}

/** The hottest read of the home page. */
const latest = preparedPerDatabase((db) =>
  cardsOf(db, latestPage(sql.placeholder('offset'), sql.placeholder('limit')))
    .orderBy(...newestFirst)
    .prepare('latest_blogs'),
);

export const listLatestBlogs = (db: Db, offset: number, limit: number): Promise<BlogCardRow[]> =>
  latest(db).execute({ offset, limit });

/** One page of the published blogs of the authors a subquery of user ids names, newest first. */
export async function listBlogsOfAuthors(
  db: Executor,
  authorIds: SQL,
  offset: number,
  limit: number,
): Promise<BlogCardRow[]> {
  return cardsOf(
    db,
    newestPage(sql`${listedToReaders} and ${blogs.authorId} in (${authorIds})`, offset, limit),
  ).orderBy(...newestFirst);
}

/**
 * score = (1 + reads + TRENDING_LIKE_WEIGHT × likes) × 0.5^(age in days / TRENDING_HALF_LIFE_DAYS),
 * ordered by its logarithm, which never underflows however old a blog is.
 */
const trendingScore = sql`ln(1 + ${blogs.totalReads} + ${TRENDING_LIKE_WEIGHT} * ${blogs.totalLikes})
  - ln(2) * extract(epoch from (now() - ${blogs.publishedAt})) / ${TRENDING_HALF_LIFE_DAYS * 86_400}`;

/** Scores the newest TRENDING_CANDIDATES published blogs as the index hands them over, then fetches cards for the top ones only. */
const trending = preparedPerDatabase((db) => {
  const recent = db
    .select({ id: blogs.id, publishedAt: blogs.publishedAt, score: sql<number>`${trendingScore}`.as('score') })
    .from(blogs)
    .where(listedToReaders)
    .orderBy(...newestFirst)
    .limit(TRENDING_CANDIDATES)
    .as('recent');
  const top = db
    .select({ id: recent.id })
    .from(recent)
    .orderBy(desc(recent.score), desc(recent.publishedAt), desc(recent.id))
    .limit(sql.placeholder('limit'));
  return cardsOf(db, top)
    .orderBy(desc(trendingScore), ...newestFirst)
    .prepare('trending_blogs');
});

export const listTrendingBlogs = (db: Executor, limit: number): Promise<BlogCardRow[]> =>
  trending(db).execute({ limit });

/** The newest published blogs of a filter, whole (content included): what a feed carries. */
export async function listNewestBlogs(db: Executor, filter: BlogFilter, limit: number) {
  const rows = await db
    .select({ blog: blogs, author: blogCardColumns.author })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(sql`${blogs.id} = any(array(${newestPage(filterWhere(filter), 0, limit)}))`)
    .orderBy(...newestFirst);
  return rows.map((row) => ({ ...row.blog, author: row.author }));
}

/**
 * One page of every published blog, oldest first (blogs_latest_idx read backwards), so a new blog
 * lands on the last page and the others keep theirs: its blog_id and last edit.
 */
export async function listPublishedBlogsPage(db: Executor, offset: number, limit: number) {
  const ids = sql`select ${blogs.id} from ${blogs} where ${listedToReaders}
    order by ${blogs.publishedAt} asc nulls first, ${blogs.id} asc nulls first offset ${offset} limit ${limit}`;
  return db
    .select({ blogId: blogs.blogId, updatedAt: blogs.updatedAt })
    .from(blogs)
    .where(sql`${blogs.id} = any(array(${ids}))`)
    .orderBy(asc(blogs.publishedAt), asc(blogs.id));
}

/** How many blogs readers may see by one author (by id, or username in any case): the author's own counter; 0 for nobody. */
export async function countPostsBy(db: Executor, author: string): Promise<number> {
  // Usernames hold no dashes, so a uuid is always an id.
  const [row] = await db
    .select({ total: users.totalPosts })
    .from(users)
    .where(isUuid(author) ? eq(users.id, author) : sql`lower(${users.username}) = lower(${author})`);
  return row?.total ?? 0;
}

/** How many blogs readers may see by the authors a subquery of user ids names: the sum of their own counters. */
export async function countPostsOfAuthors(db: Executor, authorIds: SQL): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${users.totalPosts}), 0)::int` })
    .from(users)
    .where(sql`${users.id} in (${authorIds})`);
  return Number(row?.total ?? 0);
}

/** How many blogs readers may see, of one tag or (none) of the site: the kept count (blogs/blog-counts.ts). */
const published = preparedPerDatabase((db) =>
  db
    .select({ total: blogCounts.total })
    .from(blogCounts)
    .where(eq(blogCounts.scope, sql.placeholder('scope')))
    .prepare('count_published'),
);

export async function countPublished(db: Executor, tag?: string): Promise<number> {
  const [row] = await published(db).execute({ scope: countScope(tag) });
  return row?.total ?? 0;
}
