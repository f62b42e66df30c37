import { sql } from 'drizzle-orm';
import type { Standing } from '@inkwell/contracts';
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface StoredContent {
  time?: number | undefined;
  version?: string | undefined;
  blocks: {
    id?: string | undefined;
    type: string;
    data: Record<string, unknown>;
    tunes?: Record<string, unknown> | undefined;
  }[];
}

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blogId: text('blog_id').notNull().unique(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    banner: text('banner').notNull().default(''),
    des: text('des').notNull().default(''),
    content: jsonb('content').$type<StoredContent>().notNull(),
    /**
     * Each code block's highlighting, in the order of the code blocks (null: a language not
     * highlighted), made when the content is saved (content/rendered-content.ts): get-blog answers
     * with it and highlights nothing.
     */
    codeHtml: text('code_html')
      .array()
      .$type<(string | null)[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The rules content and code_html were rendered by (content's RENDER_VERSION); '' before any. Other rules: rendered again. */
    renderVersion: text('render_version').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    draft: boolean('draft').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When a scheduled draft is published (blogs/scheduled-publishing.ts); null for every other blog. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    totalLikes: integer('total_likes').notNull().default(0),
    totalComments: integer('total_comments').notNull().default(0),
    totalParentComments: integer('total_parent_comments').notNull().default(0),
    totalReads: integer('total_reads').notNull().default(0),
    // The words of the content (content/content-html.ts's contentWordCount), set by every save: lists show reading time without loading content.
    wordCount: integer('word_count').notNull().default(0),
    /** Why staff hid the blog from readers (its author still sees it, with this); null while it is not hidden. */
    hiddenReason: text('hidden_reason'),
    /**
     * The author's standing (users.standing), kept by the database itself: a foreign key to
     * users (id, standing) cascades every change of a standing onto the author's blogs, so the
     * rule of who may read a blog (visibility/visibility.ts) reads one row and lists keep one index.
     */
    /**
     * Published by a member not yet trusted on a site that reviews new members: nobody else sees it
     * until a moderator approves it (published_at is then the approval's time) or rejects it (a draft again).
     */
    awaitingReview: boolean('awaiting_review').notNull().default(false),
    authorStanding: text('author_standing').$type<Standing>().notNull().default('active'),
    /** In every list, search, count, feed and sitemap (visibility/visibility.ts): published, reviewed, not hidden, its author in good standing. */
    listed: boolean('listed')
      .notNull()
      .generatedAlwaysAs(
        sql`not draft and not awaiting_review and hidden_reason is null and author_standing = 'active'`,
      ),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', inkwell_tags_text(tags)), 'B') || setweight(to_tsvector('english', des), 'C')`,
    ),
  },
  (t) => [
    // With id as the tie-breaker, a page of ids is read from this index alone (see blog-lists.repository.ts).
    index('blogs_latest_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`listed`),
    foreignKey({ columns: [t.authorId, t.authorStanding], foreignColumns: [users.id, users.standing] }).onUpdate(
      'cascade',
    ),
    index('blogs_author_idx').on(t.authorId, t.draft, t.publishedAt.desc()),
    index('blogs_tags_idx').using('gin', t.tags),
    index('blogs_search_idx').using('gin', t.search),
    // Readers see a blog once it is no draft, and lists order by publication: such a blog has its date (blogs/blog-counts.ts counts by it).
    // One waiting for review gets its date when it is approved.
    check('blogs_published_dated', sql`draft or awaiting_review or published_at is not null`),
    // Only a draft waits to be published; the scheduler finds the due ones through this index.
    check('blogs_scheduled_draft', sql`publish_at is null or draft`),
    // A blog waits for review only once its author has published it.
    check('blogs_review_published', sql`not (awaiting_review and draft)`),
    // The review queue, oldest submission (the last save) first.
    index('blogs_review_idx')
      .on(t.updatedAt, t.id)
      .where(sql`awaiting_review`),
    index('blogs_scheduled_idx')
      .on(t.publishAt)
      .where(sql`publish_at is not null`),
    // The blogs rendered by rules other than today's, found without reading them all (blogs/rerender.ts).
    index('blogs_render_version_idx').on(t.renderVersion),
  ],
);

/**
 * How many blogs readers may see, kept in the transaction that changes one (blogs/blog-counts.ts):
 * `all`, and `tag:<tag>` for each tag. The home page and Load More read these instead of counting.
 */
export const blogCounts = pgTable('blog_counts', {
  scope: text('scope').primaryKey(),
  total: integer('total').notNull().default(0),
});

/** The scope of a blog_counts row: every blog readers may see, or (with a tag) those carrying it. */
export const countScope = (tag?: string) => (tag === undefined ? 'all' : `tag:${tag}`);

/**
 * When what readers find listed (feeds, sitemaps) last changed: a blog listed, edited or taken out
 * of the lists, an author renamed. One row, made by the migration, moved in the transaction of
 * each such change (visibility/listing-changes.ts); the feeds' and sitemaps' Last-Modified.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('listing_changes_one_row', sql`${t.id}`)],
);

/**
 * How many blogs readers may see were published on each UTC day, kept like blog_counts: a deep
 * page of the newest blogs starts from the day its first blog was published (blog-lists/blog-lists.repository.ts).
 */
export const blogDayCounts = pgTable('blog_day_counts', {
  day: date('day').primaryKey(),
  total: integer('total').notNull().default(0),
});

/**
 * Each listed blog under each of its tags, kept like blog_counts (blogs/blog-counts.ts): a tag's
 * newest blogs (a blog page's similar blogs, a topic's page) are one range of this primary key,
 * whatever the tag. On the blogs' own tags index, the best plan depends on how common the tag is
 * (a rare one from the index, a common one by walking the newest blogs), so that statement had to
 * be planned again for every page; this one is planned once (blog-lists/blog-lists.repository.ts).
 */
export const tagListings = pgTable(
  'tag_listings',
  {
    tag: text('tag').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.publishedAt, t.blogId] }),
    // A blog's rows, found when it changes or goes.
    index('tag_listings_blog_idx').on(t.blogId),
  ],
);

/**
 * Every word (lower case, letters and digits) ever used in a blog's title, added as titles are
 * saved, never removed: a search whose words find too little looks here for words like them
 * (blog-lists/blog-lists.repository.ts), through the trigram index, instead of comparing every title.
 */
export const titleWords = pgTable('title_words', { word: text('word').primaryKey() }, (t) => [
  index('title_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

export const likes = pgTable(
  'likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blogId] }), index('likes_blog_idx').on(t.blogId)],
);

/** One read per visitor per blog per day. */
export const blogReads = pgTable(
  'blog_reads',
  {
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.visitor, t.day] })],
);

/**
 * A blog's reads per UTC day: the same reads blog_reads keeps one by one, added up by the batched
 * read flush in the statement that counts them (so a day's bucket and total_reads agree), for the
 * authors' and the admins' charts.
 */
export const blogDailyReads = pgTable(
  'blog_daily_reads',
  {
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    reads: integer('reads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day] }), index('blog_daily_reads_day_idx').on(t.day)],
);

/**
 * Where a blog's reads came from, per UTC day: the referring site's host, `search` for the search
 * engines together, or `direct` for none (a typed address, an app, a referrer withheld, a page of
 * this site; blogs/referrer-source.ts). Written with the reads it counts, each read under one
 * source, so a day's sources add up to its blog_daily_reads (from the day this table came; the
 * days before it have reads and no sources). Nothing else about the reader is kept.
 */
export const blogReferrers = pgTable(
  'blog_referrers',
  {
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    source: text('source').notNull(),
    reads: integer('reads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day, t.source] })],
);

/**
 * The day's secret a reader's address is hashed with before it is kept (blog_reads.visitor), so a
 * stored visitor cannot be turned back into an address: a day's salt is deleted once its day is
 * over, and with it any way to tell whose the hashes were.
 */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});
