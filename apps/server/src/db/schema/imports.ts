import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { blogs } from './blogs.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A member's import of a blog from another platform (modules/imports): read whole when uploaded,
 * then worked through by one job per post (import_posts). The counters move in the transaction
 * that writes each post, so the progress shown is exact; the report (import_report_lines) stays
 * once the import is done.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `own`: every post is the importer's; `site` (admins): each post goes to its author, found or made by e-mail. */
    scope: text('scope').$type<'own' | 'site'>().notNull(),
    /** The format read (import-bundle.ts ImportSource). */
    source: text('source').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull().default('running'),
    /** The source's authors (ImportedAuthor[]), which a site import's posts name by key. */
    authors: jsonb('authors').$type<unknown[]>().notNull(),
    postsTotal: integer('posts_total').notNull(),
    /** Posts handled: written, found imported before, or given up (reported). */
    postsDone: integer('posts_done').notNull().default(0),
    /** Posts that became blogs. */
    postsImported: integer('posts_imported').notNull().default(0),
    /** Posts the same member had imported before: left as they are. */
    postsSkipped: integer('posts_skipped').notNull().default(0),
    imagesFetched: integer('images_fetched').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('imports_scope_check', sql`${t.scope} in ('own', 'site')`),
    check('imports_state_check', sql`${t.state} in ('running', 'done')`),
    check('imports_done_within', sql`${t.postsDone} between 0 and ${t.postsTotal}`),
    index('imports_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * What an import could not bring as it was, a line each (the post's title, null for the file as a
 * whole): rows of their own, added by each post's transaction, so a long report is never rewritten.
 */
export const importReportLines = pgTable(
  'import_report_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    post: text('post'),
    problem: text('problem').notNull(),
  },
  (t) => [index('import_report_lines_import_idx').on(t.importId, t.id)],
);

/** The posts of a running import, one a job: marked done in the transaction that writes the post, all deleted when the import ends. */
export const importPosts = pgTable(
  'import_posts',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The ImportedPost as the reader made it. */
    post: jsonb('post').$type<unknown>().notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.position] })],
);

/** The files of an uploaded archive that its posts name (`archive:<path>`), kept until the import ends. */
export const importFiles = pgTable(
  'import_files',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.path] })],
);

/**
 * Which post of a source became which blog of a member: importing the same post again for the same
 * member finds it here and writes nothing. The row goes with the blog, so a blog deleted may be imported again.
 */
export const importedPosts = pgTable(
  'imported_posts',
  {
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.sourceKey] }), index('imported_posts_blog_idx').on(t.blogId)],
);

/**
 * An imported post's address on its old site (a path, with its query only for `/?p=42`-style
 * addresses), answered with a 301 to the blog's page: one blog per address, the first import's.
 */
export const blogRedirects = pgTable(
  'blog_redirects',
  {
    path: text('path').primaryKey(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
  },
  (t) => [index('blog_redirects_blog_idx').on(t.blogId)],
);
