import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ImportReportLine } from '@inkwell/contracts';
import {
  blogRedirects,
  blogs,
  importedPosts,
  importFiles,
  importPosts,
  importReportLines,
  imports,
} from '../../db/schema/index.ts';
import { readableByReaders } from '../visibility/index.ts';
import type { ImportedAuthor, ImportedPost, ImportSource } from './import-bundle.ts';

export type ImportRow = typeof imports.$inferSelect;
/** What a post's job needs of its import. */
export type PendingImport = Pick<ImportRow, 'id' | 'userId' | 'scope' | 'authors'>;

/** Rows a statement inserts at most, so no statement carries the whole of a large export. */
const ROWS_PER_INSERT = 200;
/** Bytes of archive files an insert carries at most. */
const FILE_BYTES_PER_INSERT = 8 * 1024 * 1024;

export interface NewImport {
  userId: string;
  scope: 'own' | 'site';
  source: ImportSource;
  authors: ImportedAuthor[];
  posts: ImportedPost[];
  files: Map<string, Buffer>;
  report: ImportReportLine[];
}

/** An import, its posts and its files, in the caller's transaction; one with no post is done at once. */
/** Adds lines to an import's report. */
async function addToReport(tx: Executor, importId: string, lines: ImportReportLine[]) {
  for (let start = 0; start < lines.length; start += ROWS_PER_INSERT)
    await tx
      .insert(importReportLines)
      .values(lines.slice(start, start + ROWS_PER_INSERT).map((line) => ({ importId, ...line })));
}

/** An import's report, in the order it was written. */
export const findReport = (db: Executor, importId: string): Promise<ImportReportLine[]> =>
  db
    .select({ post: importReportLines.post, problem: importReportLines.problem })
    .from(importReportLines)
    .where(eq(importReportLines.importId, importId))
    .orderBy(asc(importReportLines.id));

export async function insertImport(tx: Executor, { posts, files, report, ...values }: NewImport): Promise<ImportRow> {
  const empty = posts.length === 0;
  const [row] = await tx
    .insert(imports)
    .values({
      ...values,
      postsTotal: posts.length,
      ...(empty && { state: 'done' as const, finishedAt: sql`now()`, authors: [] }),
    })
    .returning();
  const importId = row!.id;
  await addToReport(tx, importId, report);
  for (let start = 0; start < posts.length; start += ROWS_PER_INSERT) {
    const slice = posts.slice(start, start + ROWS_PER_INSERT);
    await tx.insert(importPosts).values(slice.map((post, i) => ({ importId, position: start + i, post })));
  }
  let batch: { importId: string; path: string; bytes: Buffer }[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length > 0) await tx.insert(importFiles).values(batch);
    batch = [];
    bytes = 0;
  };
  for (const [path, data] of files) {
    if (bytes + data.length > FILE_BYTES_PER_INSERT) await flush();
    batch.push({ importId, path, bytes: data });
    bytes += data.length;
  }
  await flush();
  return row!;
}

export async function findImport(db: Executor, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

/** A member's latest imports, newest first. */
export const listImports = (db: Executor, userId: string, limit: number) =>
  db.select().from(imports).where(eq(imports.userId, userId)).orderBy(desc(imports.createdAt)).limit(limit);

/** A post of a running import not yet done, with its import; undefined when it is done (or the import gone). */
export async function findPendingPost(db: Executor, importId: string, position: number) {
  const [row] = await db
    .select({
      post: importPosts.post,
      import: { id: imports.id, userId: imports.userId, scope: imports.scope, authors: imports.authors },
    })
    .from(importPosts)
    .innerJoin(imports, eq(imports.id, importPosts.importId))
    .where(and(eq(importPosts.importId, importId), eq(importPosts.position, position), isNull(importPosts.doneAt)));
  return row && { post: row.post as ImportedPost, import: row.import };
}

/** A file of the import's archive, by its path; undefined when the archive has none. */
export async function findImportFile(db: Executor, importId: string, path: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: importFiles.bytes })
    .from(importFiles)
    .where(and(eq(importFiles.importId, importId), eq(importFiles.path, path)));
  // node-postgres answers a Buffer, PGlite a Uint8Array.
  return row && Buffer.from(row.bytes);
}

/** The blog a member's earlier import made of a source's post, if any. */
export async function findImportedBlog(db: Executor, authorId: string, sourceKey: string) {
  const [row] = await db
    .select({ blogId: importedPosts.blogId })
    .from(importedPosts)
    .where(and(eq(importedPosts.authorId, authorId), eq(importedPosts.sourceKey, sourceKey)));
  return row?.blogId;
}

/** Records which blog a source's post became; false when the member has it already (another run wrote it first). */
export async function insertImportedPost(tx: Executor, values: typeof importedPosts.$inferInsert): Promise<boolean> {
  const added = await tx
    .insert(importedPosts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: importedPosts.blogId });
  return added.length > 0;
}

/** Points old addresses at a blog; answers those another blog holds already, which stay its. */
export async function insertRedirects(tx: Executor, blogId: string, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const added = await tx
    .insert(blogRedirects)
    .values(paths.map((path) => ({ path, blogId })))
    .onConflictDoNothing()
    .returning({ path: blogRedirects.path });
  const taken = new Set(added.map((row) => row.path));
  return paths.filter((path) => !taken.has(path));
}

/**
 * The blog_id of the blog an old address leads to, if readers may read it: a draft's old address
 * is a 404 like any unknown one, so its answer names nothing of the draft (not even its title's words).
 */
export async function findRedirect(db: Executor, path: string): Promise<string | undefined> {
  const [row] = await db
    .select({ blogId: blogs.blogId })
    .from(blogRedirects)
    .innerJoin(blogs, eq(blogs.id, blogRedirects.blogId))
    .where(and(eq(blogRedirects.path, path), readableByReaders));
  return row?.blogId;
}

export interface PostOutcome {
  imported: boolean;
  skipped: boolean;
  imagesFetched: number;
  report: ImportReportLine[];
}

/**
 * Marks a post done and adds what came of it to its import, in the caller's transaction: the post's
 * row is locked first, so of two runs of one post only the first counts (false for the other). The
 * post that completes the import ends it: its state, and its posts, files and the source's authors deleted.
 */
export async function finishPost(tx: Executor, importId: string, position: number, outcome: PostOutcome) {
  const marked = await tx
    .update(importPosts)
    .set({ doneAt: sql`now()` })
    .where(and(eq(importPosts.importId, importId), eq(importPosts.position, position), isNull(importPosts.doneAt)))
    .returning({ position: importPosts.position });
  if (marked.length === 0) return false;
  const [after] = await tx
    .update(imports)
    .set({
      postsDone: sql`${imports.postsDone} + 1`,
      postsImported: sql`${imports.postsImported} + ${outcome.imported ? 1 : 0}`,
      postsSkipped: sql`${imports.postsSkipped} + ${outcome.skipped ? 1 : 0}`,
      imagesFetched: sql`${imports.imagesFetched} + ${outcome.imagesFetched}`,
    })
    .where(eq(imports.id, importId))
    .returning({ done: imports.postsDone, total: imports.postsTotal });
  await addToReport(tx, importId, outcome.report);
  if (after!.done === after!.total) {
    // The source's authors (e-mail addresses among them) were needed only to write the posts.
    await tx
      .update(imports)
      .set({ state: 'done', finishedAt: sql`now()`, authors: [] })
      .where(eq(imports.id, importId));
    await tx.delete(importPosts).where(eq(importPosts.importId, importId));
    await tx.delete(importFiles).where(eq(importFiles.importId, importId));
  }
  return true;
}

/**
 * A member who leaves is named no more by the finished site imports that brought them in (a handler
 * of users' `leaving` event): their entry (by e-mail or username) goes from the import's `authors`,
 * which only its posts still to write read. A running import keeps it until it ends.
 */
export async function forgetImportedAuthor(tx: Executor, { username, email }: { username: string; email: string }) {
  const named = sql`coalesce(lower(author ->> 'email') = lower(${email}) or lower(author ->> 'username') = lower(${username}), false)`;
  const others = sql`(select jsonb_agg(author) from jsonb_array_elements(${imports.authors}) author where not ${named})`;
  await tx
    .update(imports)
    .set({ authors: sql`coalesce(${others}, '[]'::jsonb)` })
    .where(
      and(
        eq(imports.state, 'done'),
        sql`exists (select 1 from jsonb_array_elements(${imports.authors}) author where ${named})`,
      ),
    );
}
