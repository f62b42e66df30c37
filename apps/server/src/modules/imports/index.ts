import fp from 'fastify-plugin';
import { registerImportJobs } from './imports.jobs.ts';
import { importRoutes } from './imports.routes.ts';

/**
 * Imports: a member's blog brought in from another platform's export (the readers of each format
 * make an ImportBundle; one job a post writes it), its progress and report, and the old addresses of
 * the imported posts, which the web module answers with a 301 (`blogOfOldAddress`);
 * `forgetImportedAuthor` is a handler of a member leaving.
 */
export const importsModule = fp(
  async (app) => {
    registerImportJobs(app);
    await app.register(importRoutes);
  },
  { name: 'imports' },
);
export { blogOfOldAddress } from './old-addresses.ts';
export { forgetImportedAuthor } from './imports.repository.ts';
