import type { Executor } from './client.ts';

/**
 * A statement built once for each database it runs on, then only executed with its placeholders'
 * values (drizzle's `sql.placeholder`), for the hottest reads.
 *
 * Drizzle builds a query's SQL afresh on every call: for a select of a blog and its author that
 * took more of the server's CPU than sending the query and reading its rows, about 0.4 ms of a
 * short blog page's 3 (a prepared one cost 0.21–0.36 ms a query against 0.59–0.85 built each
 * time, PGlite and PostgreSQL). A prepared statement has a name, which node-postgres parses once
 * per connection, so PostgreSQL plans it from the sixth time on with a generic plan: fit for a
 * look-up by a unique key, not for a filter whose best plan depends on its value (a rare tag),
 * which stays built each time.
 *
 * `db` is the primary, a replica (plugins/replica-reads.ts) or a transaction: each gets its own.
 */
export function preparedPerDatabase<T>(prepare: (db: Executor) => T): (db: Executor) => T {
  const prepared = new WeakMap<Executor, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) prepared.set(db, (statement = prepare(db)));
    return statement;
  };
}
