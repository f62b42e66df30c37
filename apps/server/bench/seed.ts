/** The data the benches read: `count` published blogs by 50 authors, and a conversation under one of them. */
import { randomBytes } from 'node:crypto';
import { TOPIC_TAGS } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { blogs, comments, users } from '../src/db/schema/index.ts';
import { countEveryBlog } from '../src/modules/blogs/blog-counts.ts';
import { renderContent } from '../src/modules/content/index.ts';

const WORDS = [
  'walk',
  'river',
  'garden',
  'city',
  'programming',
  'recipe',
  'market',
  'camera',
  'budget',
  'night',
  'journey',
  'story',
];
const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;

export interface Seeded {
  blogId: string;
  blogUuid: string;
  commentId: string;
  username: string;
  /** Every blog seeded: its uuid and its address. */
  blogs: { id: string; blogId: string }[];
}

/** Seeds authors, blogs and a conversation straight into the tables: the bench is about reading them. */
export async function seed({ db }: Database, count: number): Promise<Seeded> {
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
    .returning({ id: users.id, username: users.username });
  const day = 86_400_000;
  // Stored as a save stores it, rendered by today's rules: a read renders nothing again.
  const content = renderContent({ blocks: [{ id: 'p', type: 'paragraph', data: { text: 'Body text. '.repeat(40) } }] });
  const seeded: Seeded['blogs'] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      const title = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${pick(WORDS, i * 13 + 5)} ${i}`;
      return {
        blogId: `${title.replaceAll(' ', '-')}-${randomBytes(3).toString('hex')}`,
        authorId: pick(authors, i).id,
        title,
        banner: '/favicon.svg',
        des: `A short note about ${pick(WORDS, i * 5)} and ${pick(WORDS, i * 11)}.`,
        ...content,
        tags: [pick(TOPIC_TAGS, i), pick(TOPIC_TAGS, i * 3 + 1)],
        publishedAt: new Date(Date.now() - (i % 365) * day),
        totalReads: (i * 37) % 1000,
        totalLikes: (i * 11) % 100,
      };
    });
    seeded.push(...(await db.insert(blogs).values(rows).returning({ id: blogs.id, blogId: blogs.blogId })));
  }
  const [sample] = await db
    .select({ blogId: blogs.blogId, id: blogs.id, authorId: blogs.authorId })
    .from(blogs)
    .limit(1);
  const thread = await db
    .insert(comments)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        blogId: sample!.id,
        blogAuthor: sample!.authorId,
        commentedBy: pick(authors, i).id,
        comment: `Comment ${i}: well said.`,
      })),
    )
    .returning({ id: comments.id });
  await db.insert(comments).values(
    Array.from({ length: 5 }, (_, i) => ({
      blogId: sample!.id,
      blogAuthor: sample!.authorId,
      commentedBy: pick(authors, i).id,
      parentId: thread[0]!.id,
      comment: `Reply ${i}`,
    })),
  );
  await db
    .update(blogs)
    .set({ totalComments: 17, totalParentComments: 12 })
    .where(sql`${blogs.id} = ${sample!.id}`);
  // Written around the app, so counted, and listed under their tags, as the app would have.
  await countEveryBlog(db);
  await db.execute(sql`analyze`);
  const author = authors.find((a) => a.id === sample!.authorId)!;
  return {
    blogId: sample!.blogId,
    blogUuid: sample!.id,
    commentId: thread[0]!.id,
    username: author.username,
    blogs: seeded,
  };
}
