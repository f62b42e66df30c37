import type { Executor } from './client.ts';

/**
 * A statement built once for each database it runs on, then only executed with its placeholders'
 * values (drizzle's `sql.placeholder`), for the hottest reads.
 *
 * Drizzle builds a query's SQL afresh on every call: for a select of a blog and its author that
 * took more of the server's CPU than sending the query and reading its rows, about 0.4 ms of a
 * short blog page's 3 (a prepared one cost 0.21–0.36 ms a query against 0.59–0.85 built each
 * time, PGlite and PostgreSQL). Named (`prepare('find_blog')`), it is parsed once per connection,
 * and PostgreSQL may plan it once for any values from the sixth time on: fit for a look-up by a
 * unique key. Unnamed (`prepare('')`), it is parsed and planned for its values each time: for a
 * filter whose best plan depends on its value (a rare tag).
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
