import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.ts';
import { mailSetPasswordLink } from '../auth/index.ts';
import { blogWriters } from '../blogs/index.ts';
import { SHARE_CARD_PATH } from '../identity/index.ts';
import { createImageStore } from '../uploads/index.ts';
import { findUserById } from '../users/index.ts';
import type { ImportedAuthor, ImportedPost } from './import-bundle.ts';
import { authorOfPost, INVITE_QUEUE } from './import-authors.ts';
import { copyImages, imageRefs } from './import-images.ts';
import {
  findImportedBlog,
  findPendingPost,
  finishPost,
  insertImportedPost,
  insertRedirects,
  type PendingImport,
  type PostOutcome,
} from './imports.repository.ts';
import { oldPathKey } from './old-paths.ts';
import { planBlog } from './plan-blog.ts';
import { cutAtWord, oneLine } from './text-cuts.ts';
import { Tags } from '../../plugins/cache-tags.ts';

/** One job a post of an import: `{ importId, position }`. */
export const POST_QUEUE = 'import-post';
/** Tries of a post that fails for a reason not its own (the database away) before it is reported and left out. */
const POST_ATTEMPTS = 5;
/** Longer than a post's images may take (import-images.ts IMAGES_BUDGET_MS) and its write. */
const POST_LEASE_SECONDS = 15 * 60;
const SHOWN_TITLE_MAX = 120;

/** Undoes a post's transaction: another run wrote it first, or the member has it from an earlier import. */
class PostTaken extends Error {
  readonly alreadyImported: boolean;
  constructor(alreadyImported: boolean) {
    super('post taken');
    this.alreadyImported = alreadyImported;
  }
}

const titleOf = (post: ImportedPost) => cutAtWord(oneLine(post.title), SHOWN_TITLE_MAX) || null;

/**
 * The jobs of imports (modules/jobs): one per post, which writes it as a blog (its author found or
 * made, its images copied, the blog, its imported_posts row, its old addresses and the import's
 * progress in one transaction), so a restart resumes where it stopped and the progress is exact;
 * and the mail that lets a member an import made choose their password.
 */
export function registerImportJobs(app: FastifyInstance) {
  const uploads = { db: app.db, store: createImageStore(app.config) };

  const finish = (row: PendingImport, position: number, outcome: PostOutcome) =>
    app.db.transaction((tx) => finishPost(tx, row.id, position, outcome));

  /** Writes one post; answers whether a blog was written (readers may see it: the read cache goes). */
  async function writePost(row: PendingImport, position: number, post: ImportedPost): Promise<string | null> {
    const title = titleOf(post);
    const authorId =
      row.scope === 'site'
        ? await authorOfPost(
            app.db,
            { importerId: row.userId, authors: row.authors as ImportedAuthor[] },
            post.authorKey,
          )
        : row.userId;
    const skipped = { imported: false, skipped: true, imagesFetched: 0, report: [] };
    if (await findImportedBlog(app.db, authorId, post.sourceKey)) {
      await finish(row, position, skipped);
      return null;
    }
    const copied = await copyImages(imageRefs(post), {
      deps: uploads,
      ownerId: authorId,
      importId: row.id,
      allowHosts: app.config.fetchAllowHosts,
      now: () => app.clock().getTime(),
    });
    const now = app.clock();
    const plan = planBlog(post, copied.stored, (await app.siteIdentity()).shareImage ?? SHARE_CARD_PATH, now);
    const paths = [...new Set(post.oldPaths.map(oldPathKey).filter((path) => path !== null))];
    const problems = [...post.problems, ...copied.problems, ...plan.problems];
    try {
      return await app.db.transaction(async (tx) => {
        const blog = await blogWriters.import(tx, app.blogEvents, authorId, plan.blog, now);
        if (!(await insertImportedPost(tx, { authorId, sourceKey: post.sourceKey, blogId: blog.id })))
          throw new PostTaken(true);
        const taken = await insertRedirects(tx, blog.id, paths);
        for (const path of taken) problems.push(`Its old address ${path} leads to another blog already`);
        const report = problems.map((problem) => ({ post: title, problem }));
        const outcome = { imported: true, skipped: false, imagesFetched: copied.stored.size, report };
        if (!(await finishPost(tx, row.id, position, outcome))) throw new PostTaken(false);
        return authorId;
      });
    } catch (error) {
      if (!(error instanceof PostTaken)) throw error;
      if (error.alreadyImported) await finish(row, position, skipped);
      return null;
    }
  }

  app.jobs.register<{ importId: string; position: number }>({
    queue: POST_QUEUE,
    // Images are fetched and re-encoded a post at a time, four at once: two posts keep both cores busy.
    concurrency: 2,
    leaseSeconds: POST_LEASE_SECONDS,
    maxAttempts: POST_ATTEMPTS,
    async run({ importId, position }, job) {
      const work = await findPendingPost(app.db, importId, position);
      if (!work) return;
      let writtenBy: string | null;
      try {
        writtenBy = await writePost(work.import, position, work.post);
      } catch (error) {
        // A post the rules refuse is left out at once; anything else is tried again, and left out on the last try.
        const refused = error instanceof HttpError;
        if (!refused && job.attempts < POST_ATTEMPTS) throw error;
        app.log.warn({ err: error, importId, position }, 'an imported post was left out');
        const why = refused ? error.message : 'something went wrong on our side';
        await finish(work.import, position, {
          imported: false,
          skipped: false,
          imagesFetched: 0,
          report: [...work.post.problems, `Not imported: ${why}`].map((problem) => ({
            post: titleOf(work.post),
            problem,
          })),
        });
        return;
      }
      if (writtenBy) await app.readCache.invalidate([Tags.listings, Tags.member(writtenBy)]);
    },
  });

  app.jobs.register<{ userId: string }>({
    queue: INVITE_QUEUE,
    concurrency: 1,
    async run({ userId }) {
      const user = await findUserById(app.db, userId);
      // Gone, or they chose a password already (through "Forgot password").
      if (!user || user.passwordHash) return;
      const origin = app.config.publicUrl ?? `http://localhost:${app.config.port}`;
      await mailSetPasswordLink({ db: app.db, sendMail: app.mailer.send }, user, origin);
    },
  });
}
