import type pg from 'pg';

/**
 * A PostgreSQL connection may drop at any time (a restart, a failover, pg_terminate_backend), and pg
 * then emits 'error' on its client. pg-pool listens for it only while the client is idle: one checked
 * out for a transaction would emit it to nobody, which kills the process. So every client listens for
 * its whole life, and one that drops while checked out is handed back at once, to be destroyed: Drizzle
 * never releases a client whose BEGIN failed, and ten of those would leave the pool empty for good.
 * Its user's own release later is then a no-op. Only the queries in flight fail.
 */
export function surviveDroppedConnections(pool: pg.Pool) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  // An idle client's error is passed on to the pool, which removes the client.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release(error);
    });
  });
}
