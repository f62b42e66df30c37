import { sql } from 'drizzle-orm';
import {
  canManageSite,
  type ImportListResponse,
  type ImportProgress,
  type ImportScope,
  type ImportStarted,
  type ImportStatusResponse,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { importPosts } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { enqueueJobsFrom } from '../jobs/index.ts';
import type { ReadImport } from './import-bundle.ts';
import { mapAuthors } from './import-authors.ts';
import { findImport, findReport, insertImport, listImports, type ImportRow } from './imports.repository.ts';
import { POST_QUEUE } from './imports.jobs.ts';

/** Imports the list shows: the latest, which is what a member comes back for. */
const LISTED = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const presentImport = (row: ImportRow, report: ImportProgress['report']): ImportProgress => ({
  _id: row.id,
  source: row.source as ImportProgress['source'],
  scope: row.scope,
  state: row.state,
  postsTotal: row.postsTotal,
  postsDone: row.postsDone,
  postsImported: row.postsImported,
  postsSkipped: row.postsSkipped,
  imagesFetched: row.imagesFetched,
  report,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** A site import (each post its author's, found or made by e-mail) is the admins'. */
export function checkScope(user: SessionUser, scope: ImportScope) {
  if (scope === 'site' && !canManageSite(user)) throw forbidden('admin_only');
}

/**
 * Starts an import of an export already read whole: in one transaction the import, its posts and
 * archive files, and a job for each post (keyed, so none is queued twice). What the file held as a
 * whole but could not bring (a page, an attachment) opens the report.
 */
export async function startImport(
  db: Db,
  user: SessionUser,
  { bundle, files }: ReadImport,
  scope: ImportScope,
): Promise<ImportStarted> {
  checkScope(user, scope);
  const authors = scope === 'site' ? await mapAuthors(db, bundle) : [];
  const row = await db.transaction(async (tx) => {
    const row = await insertImport(tx, {
      userId: user.id,
      scope,
      source: bundle.source,
      authors: bundle.authors,
      posts: bundle.posts,
      files,
      report: bundle.problems.map((problem) => ({ post: null, problem })),
    });
    await enqueuePostJobs(tx, row.id);
    return row;
  });
  return {
    id: row.id,
    source: bundle.source,
    scope,
    posts: bundle.posts.length,
    drafts: bundle.posts.filter((post) => post.draft).length,
    authors,
  };
}

/** A job for each post of the import, in one statement whatever their number. */
const enqueuePostJobs = (tx: Executor, importId: string) =>
  enqueueJobsFrom(
    tx,
    POST_QUEUE,
    sql`select jsonb_build_object('importId', ${importPosts.importId}, 'position', ${importPosts.position}) as payload,
          ${`${POST_QUEUE}:`} || ${importPosts.importId} || ':' || ${importPosts.position} as key
        from ${importPosts} where ${importPosts.importId} = ${importId}`,
  );

/** An import as it stands, for its importer (and the admins, for a site import); 404 for anyone else. */
export async function importStatus(db: Executor, user: SessionUser, id: string): Promise<ImportStatusResponse> {
  const row = UUID.test(id) ? await findImport(db, id) : undefined;
  if (!row || !(row.userId === user.id || (row.scope === 'site' && canManageSite(user))))
    throw notFound('import_not_found');
  return { import: presentImport(row, await findReport(db, row.id)) };
}

/** The member's latest imports, newest first, without their reports. */
export async function myImports(db: Executor, user: SessionUser): Promise<ImportListResponse> {
  const rows = await listImports(db, user.id, LISTED);
  return {
    imports: rows.map((row) => {
      const { report: _report, ...listed } = presentImport(row, []);
      return listed;
    }),
  };
}
