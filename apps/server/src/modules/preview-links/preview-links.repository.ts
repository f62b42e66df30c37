import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogPreviewLinks, blogs } from '../../db/schema/index.ts';

/** The blog's one preview link, by the hash of its token: a new one replaces the old. */
export async function upsertPreviewLink(tx: Executor, blogId: string, tokenHash: string) {
  await tx
    .insert(blogPreviewLinks)
    .values({ blogId, tokenHash })
    .onConflictDoUpdate({
      target: blogPreviewLinks.blogId,
      set: { tokenHash, createdAt: new Date() },
    });
}

export async function deletePreviewLink(db: Executor, blogId: string) {
  await db.delete(blogPreviewLinks).where(eq(blogPreviewLinks.blogId, blogId));
}

/** The blog_id of the blog a token's hash opens, or undefined. */
export async function findBlogIdByTokenHash(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ blogId: blogs.blogId })
    .from(blogPreviewLinks)
    .innerJoin(blogs, eq(blogs.id, blogPreviewLinks.blogId))
    .where(eq(blogPreviewLinks.tokenHash, tokenHash));
  return row?.blogId;
}
