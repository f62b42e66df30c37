import pg from 'pg';
import { surviveDroppedConnections } from './dropped-connections.ts';

/** pg's error for a statement unanswered past `query_timeout`. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * pg's `query_timeout` fails the statement but leaves its connection waiting for the answer, and
 * whatever is sent next (a transaction's ROLLBACK, the next request's statement) queues behind it.
 * A server that went silent would answer none of them: such a connection is given up at once, so
 * its user's next statement fails at once and the pool replaces it.
 */
class GivesUpWhenSilent extends pg.Client {
  // pg's overloads (text or config, values, callback or promise) are all passed through as they are.
  override query(...args: unknown[]): never {
    const giveUp = (error: unknown) => {
      if ((error as Error | undefined)?.message === QUERY_READ_TIMEOUT) this.connection.stream.destroy();
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: Error | undefined, result: unknown) => {
        giveUp(error);
        callback(error, result);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.catch(giveUp);
    return result as never;
  }
}

/** A PostgreSQL backend costs a few MiB while it lives: one idle this long is closed, and the pool shrinks after a burst. */
const POOL_IDLE_MS = 10_000;

/**
 * The pool every request queries through, at most `size` connections, with every wait on
 * PostgreSQL bounded by `timeoutMs`: a new connection, a turn at a full pool, and each statement
 * (on the server, which stops work nobody waits for any more, and here, for a server that went
 * silent). A request that meets an outage fails within the bound, with an error
 * `isDatabaseUnavailable` recognises, and no broken connection stays in the pool once the
 * database is back.
 */
export function boundedPool(url: string, timeoutMs: number, size: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    idleTimeoutMillis: POOL_IDLE_MS,
    Client: GivesUpWhenSilent,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs,
    // The listening connection sends nothing for hours: probes after 10 s of quiet let the OS notice
    // a server that forgot it (restarted behind a partition) instead of the default two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  surviveDroppedConnections(pool);
  return pool;
}
