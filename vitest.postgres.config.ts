import { defineConfig } from 'vitest/config';
import { serverTests, timeouts } from './vitest.config.ts';

/**
 * The server files this pass leaves out. It is for what an engine can change: the queries and their
 * types, transactions, locks and counters under concurrency, LISTEN/NOTIFY, lost connections, the
 * migrations. So it leaves out the files that never use TEST_DATABASE_URL (they would only run again
 * as in `npm test`), and those whose subject is not the database, which read the same on any engine:
 * what a page, a header or a document says, who may call what, how a body is parsed, images and
 * other services' protocols. A file that is about both stays.
 */
const NOT_ABOUT_THE_ENGINE = [
  // Never use TEST_DATABASE_URL: the server process, start-up, the embedded databases, their backup, lock and choice.
  'main.test.ts',
  'start-up.test.ts',
  'db/embedded-postgres.test.ts',
  'db/pglite-thread.test.ts',
  'db/backup.test.ts',
  'db/data-dir-lock.test.ts',
  'db/embedded-choice.test.ts',
  // Starts its own primary and replica clusters.
  'db/replicas.test.ts',
  // Not about the database.
  'config.test.ts',
  'http-error.test.ts',
  'hostile/authorization.test.ts',
  'hostile/scan.test.ts',
  'hostile/ssrf.test.ts',
  'hostile/stored-xss.test.ts',
  'net/safe-fetch.test.ts',
  'plugins/api-paths.test.ts',
  'plugins/compression.test.ts',
  'plugins/cors.test.ts',
  'plugins/errors.test.ts',
  'plugins/image-urls.test.ts',
  'plugins/log-serializers.test.ts',
  'plugins/openapi.test.ts',
  'plugins/route-schemas.test.ts',
  'plugins/shutdown.test.ts',
  'modules/avatars/avatars.routes.test.ts',
  'modules/blogs/blog-page-tags.test.ts',
  'modules/blogs/referrer-source.test.ts',
  'modules/content/code-highlight.test.ts',
  'modules/content/content-html.test.ts',
  'modules/content/inline-html.test.ts',
  'modules/discovery/head-tags.test.ts',
  'modules/discovery/link-previews.test.ts',
  'modules/exports/zip-writer.test.ts',
  'modules/imports/archive.test.ts',
  'modules/imports/html-blocks.test.ts',
  'modules/imports/read-ghost.test.ts',
  'modules/imports/read-import.test.ts',
  'modules/imports/read-inkwell.test.ts',
  'modules/imports/read-markdown.test.ts',
  'modules/imports/read-medium.test.ts',
  'modules/imports/read-wordpress.test.ts',
  'modules/link-preview/link-preview.routes.test.ts',
  'modules/system/system.routes.test.ts',
  'modules/uploads/image-store.test.ts',
  'modules/uploads/s3-image-store.test.ts',
  'modules/web/page-markup.test.ts',
  'modules/web/web.routes.test.ts',
];

/** `npm run test:postgres`: the server's tests again on the PostgreSQL of TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    ...timeouts,
    ...serverTests,
    name: 'server on PostgreSQL',
    exclude: [...serverTests.exclude, ...NOT_ABOUT_THE_ENGINE.map((file) => `apps/server/src/${file}`)],
    // One file at a time: in CI this pass runs beside `npm test`'s two, on two cores.
    maxWorkers: 1,
  },
});
