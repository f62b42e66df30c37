import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, users } from '../../db/schema/index.ts';

export type BlogRow = typeof blogs.$inferSelect;
export type NewBlog = typeof blogs.$inferInsert;

export interface AuthorInfo {
  fullname: string;
  username: string;
  profileImg: string;
}

export type BlogWithAuthor = BlogRow & { author: AuthorInfo };

const author = { fullname: users.fullname, username: users.username, profileImg: users.profileImg };

/** What a list shows of a blog (never its content), for a select joined with the author. */
export const blogCardColumns = {
  blogId: blogs.blogId,
  title: blogs.title,
  des: blogs.des,
  banner: blogs.banner,
  tags: blogs.tags,
  publishedAt: blogs.publishedAt,
  totalLikes: blogs.totalLikes,
  totalComments: blogs.totalComments,
  totalParentComments: blogs.totalParentComments,
  totalReads: blogs.totalReads,
  author,
};
export type BlogCardRow = Pick<
  BlogRow,
  'blogId' | 'title' | 'des' | 'banner' | 'tags' | 'publishedAt' | 'totalLikes' | 'totalComments' | 'totalParentComments' | 'totalReads'
> & { author: AuthorInfo };

export async function findBlog(db: Executor, blogId: string): Promise<BlogWithAuthor | undefined> {
  const [row] = await db
    .select({ blog: blogs, author })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(eq(blogs.blogId, blogId));
  return row && { ...row.blog, author: row.author };
}

/** The row to update, locked so two saves of one blog cannot both count a first publish. */
export async function findBlogForUpdate(tx: Executor, blogId: string): Promise<BlogRow | undefined> {
  const [row] = await tx.select().from(blogs).where(eq(blogs.blogId, blogId)).for('update');
  return row;
}

export async function insertBlog(tx: Executor, values: NewBlog): Promise<BlogRow> {
  const [row] = await tx.insert(blogs).values(values).returning();
  return row!;
}

export async function updateBlog(tx: Executor, id: string, values: Partial<NewBlog>): Promise<void> {
  await tx.update(blogs).set({ ...values, updatedAt: sql`now()` }).where(eq(blogs.id, id));
}

/** The author's count of published blogs; called in the transaction that publishes or unpublishes. */
export async function addAuthorPosts(tx: Executor, authorId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx.update(users).set({ totalPosts: sql`${users.totalPosts} + ${delta}` }).where(eq(users.id, authorId));
}

/** One visitor's read of a blog (by its blog_id) on a UTC day (`YYYY-MM-DD`), waiting to be counted. */
export interface Read {
  blogId: string;
  /** `user:<id>` for a signed-in reader, else `ip:<sha256 of the address>`. */
  visitor: string;
  day: string;
}

/**
 * Counts a batch of reads in one statement: each (blog, visitor, day) that has no row yet gets one,
 * and adds one read to the blog's and its author's counters. A read already counted (by an earlier
 * batch, or by another instance), by the blog's own author, or of a blog that is not published (or
 * no longer) counts nothing. Answers how many counted.
 */
export async function recordReads(db: Executor, reads: Read[]): Promise<number> {
  const incoming = sql.join(
    reads.map((r) => sql`(${r.blogId}::text, ${r.visitor}::text, ${r.day}::date)`),
    sql`, `,
  );
  const [row] = await queryRows<{ counted: number }>(
    db,
    sql`with incoming (blog_id, visitor, day) as (values ${incoming}),
      counted as (
        insert into blog_reads (blog_id, visitor, day)
        select b.id, i.visitor, i.day from incoming i
        join blogs b on b.blog_id = i.blog_id and not b.draft and i.visitor <> ('user:' || b.author_id)
        on conflict do nothing
        returning blog_id
      ),
      per_blog as (select blog_id, count(*)::int as n from counted group by blog_id),
      blogs_counted as (
        update blogs set total_reads = blogs.total_reads + p.n
        from per_blog p where blogs.id = p.blog_id
        returning blogs.author_id, p.n
      ),
      authors_counted as (
        update users set total_reads = users.total_reads + a.n
        from (select author_id, sum(n)::int as n from blogs_counted group by author_id) a where users.id = a.author_id
      )
      select coalesce(sum(n), 0)::int as counted from per_blog`,
  );
  return Number(row!.counted);
}
