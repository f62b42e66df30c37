/** PostgreSQL's unique_violation, however the driver (pg or PGlite) wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** SQLSTATEs of a server that is going away or not there yet: connection exceptions (class 08) and shutdowns. */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3])$/;
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What pg says, without a code, of a connection that dropped under a query or a client left broken by one. */
const DROPPED = /^Connection terminated|is not queryable$/;

/** The database could not be reached or dropped the connection, however the driver wraps it: worth a retry, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNREACHABLE.has(e.code))) return true;
    if (typeof e.message === 'string' && DROPPED.test(e.message)) return true;
  }
  return false;
}
