import { Limits } from '@inkwell/contracts';
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { readAhead, readAheadOf } from '../../db/read-once.ts';
import { blogs, users } from '../../db/schema/index.ts';
import { blogCardColumns, findBlog, type BlogCardRow } from '../blogs/index.ts';
import { tagPage, type BlogFilter } from './blog-lists.repository.ts';

/*
 * A blog page shows its blog and, beside it, up to Limits.similarBlogs other blogs of its first tag
 * (the web's similarBlogsQuery, a search-blogs call). Read one after the other, they were two trips
 * to the database, the second waiting for the first's tag; on PostgreSQL each send wakes the
 * database's process, and sending the two took a sixth of the server's thread for an uncached page
 * (performance.md). So the page reads both in one statement ahead (readBlogPageAhead), and the
 * search-blogs call of the same list takes its answer from it (similarReadAhead).
 */

/** The cards' tables, named apart from the blog's own in the statement. */
const CARD = 'similar_blog';
const CARD_AUTHOR = 'similar_author';

/** A column of the cards' tables, by its name in the statement. */
const cardColumn = (column: Column) =>
  sql`${sql.identifier(column.table === users ? CARD_AUTHOR : CARD)}.${sql.identifier(column.name)}`;

/** A selection of columns (blogCardColumns) as a JSON object of the same keys, read off the cards' tables. */
function jsonObject(fields: Record<string, unknown>): SQL {
  const entries = Object.entries(fields).map(([key, field]) => {
    const value = is(field, Column) ? cardColumn(field) : jsonObject(field as Record<string, unknown>);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(entries, sql`, `)})`;
}

/** A card as the statement answers it: blogCardColumns' keys, its date as JSON writes it. */
type CardJson = Omit<BlogCardRow, 'publishedAt'> & { publishedAt: string | null };

/**
 * The cards of the blog's similar blogs, newest first, as a JSON array: the tag page of its first
 * tag but itself (tagPage, as search-blogs reads it), read beside the blog's own row.
 */
const similarCards = sql<CardJson[]>`(select coalesce(json_agg(${jsonObject(blogCardColumns)}
    order by ${cardColumn(blogs.publishedAt)} desc nulls last, ${cardColumn(blogs.id)} desc nulls last), '[]')
  from ${blogs} ${sql.identifier(CARD)} join ${users} ${sql.identifier(CARD_AUTHOR)}
    on ${cardColumn(users.id)} = ${cardColumn(blogs.authorId)}
  where ${cardColumn(blogs.id)} = any(array(${tagPage(sql`(${blogs.tags})[1]`, blogs.id, sql`0`, sql.placeholder('limit'))})))`;

const blogPage = preparedPerDatabase((db) =>
  findBlog.selectWithAuthor(db, { similar: similarCards }).prepare('blog_page'),
);

interface SimilarAhead {
  tag: string | undefined;
  cards: BlogCardRow[];
}
const similarKey = (blogId: string) => `similar blogs ${blogId}`;

/**
 * Within a page's load (db/read-once.ts), reads the blog `blogId` with its author (what findBlog
 * answers) and its similar blogs' cards in one statement, for the page's reads to take.
 */
export function readBlogPageAhead(db: Executor, blogId: string): void {
  readAhead(() => blogPage(db).execute({ blogId, limit: Limits.similarBlogs }), {
    [findBlog.key(blogId)]: (rows) => rows.map(({ similar: _, ...row }) => row),
    [similarKey(blogId)]: ([row]): SimilarAhead | undefined =>
      row && {
        tag: row.blog.tags[0],
        cards: row.similar.map((card) => ({
          ...card,
          publishedAt: card.publishedAt ? new Date(card.publishedAt) : null,
        })),
      },
  });
}

/** The cards readBlogPageAhead read, when `filter` at `offset` and `limit` asks for exactly those; else undefined. */
export async function similarReadAhead(
  { tag, query, author, excludeBlogId }: BlogFilter,
  offset: number,
  limit: number,
): Promise<BlogCardRow[] | undefined> {
  if (tag === undefined || excludeBlogId === undefined || query !== undefined || author !== undefined) return undefined;
  if (offset !== 0 || limit !== Limits.similarBlogs) return undefined;
  const ahead = await readAheadOf<SimilarAhead | undefined>(similarKey(excludeBlogId));
  return ahead && ahead.tag === tag ? ahead.cards : undefined;
}
