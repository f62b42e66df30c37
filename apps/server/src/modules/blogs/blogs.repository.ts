import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogReads, blogs, users } from '../../db/schema/index.ts';

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

/**
 * Counts one read of a blog for a visitor today (UTC), and on the blog's and its author's
 * counters, unless this visitor has read it today already. Answers whether it counted.
 */
export async function recordRead(db: Executor, blog: { id: string; authorId: string }, visitor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(blogReads)
      .values({ blogId: blog.id, visitor, day: sql`(now() at time zone 'utc')::date` })
      .onConflictDoNothing()
      .returning({ visitor: blogReads.visitor });
    if (inserted.length === 0) return false;
    await tx.update(blogs).set({ totalReads: sql`${blogs.totalReads} + 1` }).where(eq(blogs.id, blog.id));
    await tx.update(users).set({ totalReads: sql`${users.totalReads} + 1` }).where(eq(users.id, blog.authorId));
    return true;
  });
}
