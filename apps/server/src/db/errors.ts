import { DrizzleQueryError } from 'drizzle-orm';

/** PostgreSQL's unique_violation, however the driver (pg or PGlite) wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * SQLSTATEs of a server that is going away or not there yet (connection exceptions, class 08, and
 * shutdowns), or that took longer than the bound (57014: cancelled by statement_timeout).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|57014)$/;
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * What pg says, without a code, of a connection that dropped under a query, a client left broken by
 * one, or a wait past the bound (for a connection, a turn at the pool, an answer).
 */
const DROPPED =
  /^(Connection terminated|timeout exceeded when trying to connect$|Query read timeout$)|is not queryable$/;

/** The database could not be reached, dropped the connection or did not answer in time, however the driver wraps it: worth a retry, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNREACHABLE.has(e.code))) return true;
    if (typeof e.message === 'string' && DROPPED.test(e.message)) return true;
  }
  return false;
}

/** The parts of a driver's error a log line may show: none of them holds a value a user wrote. */
interface DatabaseFault {
  code?: string;
  message?: string;
}

/**
 * A failed query as a log line may show it: the statement (its SQL, cut short; the values travel
 * apart and are what users wrote, so they never appear), the SQLSTATE and the database's message
 * (a data exception's names the value after its colon, so that part is dropped, and so is the
 * error's `detail`). Anything else is returned as it is.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const fault = (error.cause ?? {}) as DatabaseFault;
  const message = fault.code?.startsWith('22') ? fault.message?.split(': ')[0] : fault.message;
  return Object.assign(new Error(message ?? 'The query failed'), {
    code: fault.code,
    statement: error.query.length > 300 ? `${error.query.slice(0, 300)}…` : error.query,
  });
}
