/**
 * The defaults of what the database costs in memory (docs/operating.md, "Memory"), shared by the
 * configuration and the code that opens a database without it (tests, benches, the CLIs).
 */

/** Connections the server keeps to PostgreSQL at most (DATABASE_POOL_SIZE): each open one is a backend of a few MiB. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * shared_buffers of the embedded databases in MiB (DATABASE_SHARED_BUFFERS_MB), against
 * PostgreSQL's 128: the pages it keeps itself, filled as they are read, beside the system's own
 * cache of the same files.
 */
export const DEFAULT_SHARED_BUFFERS_MB = 32;
