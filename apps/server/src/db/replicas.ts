import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { withReplicas } from 'drizzle-orm/pg-core';
import { batched } from './batched.ts';
import { boundedPool } from './bounded-pool.ts';
import type { Db } from './client.ts';
import { queryRows } from './query-rows.ts';
import * as schema from './schema/index.ts';

/** How long a replica that did not answer is left alone (its reads going to the primary) before it is asked again. */
const DOWN_FOR_MS = 5_000;

/**
 * What this instance last learnt of a replica: `unasked`, no read has needed it since start;
 * `current`, it had replayed every write a read must see when last asked; `behind`, it had not (the
 * reads went to the primary); `down`, it did not answer (asked again every few seconds, apart from
 * the reads); `not replicating`, it answered as a server in no recovery, so it is never read from.
 */
export type ReplicaState = 'unasked' | 'current' | 'behind' | 'down' | 'not replicating';

export interface ReplicaHealth {
  /** Host, port and database of its URL, never its credentials. */
  name: string;
  state: ReplicaState;
}

export interface Replicas {
  /**
   * A write that changes what readers see committed, then wrote the read cache's invalidation
   * number `invalidation`, reading the primary's WAL position `lsn` after that: noted by the writer's
   * instance, and by every other one as it applies the invalidation (plugins/read-cache-log.ts).
   */
  noteWritten(invalidation: number, lsn: string): void;
  /**
   * The database for a read that must show every write answered before the call: one that sends its
   * reads to a replica that has replayed them all (its writes, if any, still to the primary), or the
   * primary itself.
   */
  forRead(): Promise<Db>;
  /** Reads sent to a replica and to the primary since start (by forRead). */
  routed(): { replica: number; primary: number };
  health(): ReplicaHealth[];
  /** Told when a replica goes down, comes back, or turns out not to replicate. */
  onAvailabilityChange(listener: (replica: ReplicaHealth) => void): void;
  close(): Promise<void>;
}

interface Replica extends ReplicaHealth {
  reads: Db;
  /** While it is down: the timer that asks it again. */
  retry?: NodeJS.Timeout;
  /** Asks where its replay stands: its WAL position, null when it replicates nothing, or throws when it did not answer. */
  replayed(): Promise<bigint | null>;
  close(): Promise<void>;
}

/** A WAL position (`16/B374D848`) as a number, to compare. */
const walPosition = (lsn: string): bigint => {
  const [high, low] = lsn.split('/') as [string, string];
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/**
 * Read replicas of the primary `primary` queries (DATABASE_REPLICA_URLS), and which database a read
 * may use now. A replica lags: it may answer a read only once it has replayed every write that
 * changed what readers see and whose answer has left, on any instance.
 *
 * Those writes are the ones that invalidate the read cache: each notes the primary's WAL position
 * after its commit (`noteWritten`, on its own instance and on the others through the cache's log),
 * so an instance knows the highest position a read must see. The position is where
 * the next record will be inserted (`pg_current_wal_insert_lsn()`), past the commit even when
 * synchronous_commit is off and the commit is not written yet. A NOTIFY may still be on its way
 * when the writer's client asks this instance again, so each check also reads the last invalidation's
 * number from the primary: when it is ahead of every one heard of, a write whose position is unknown has
 * happened, and the primary's WAL position read in that same query, which is past it, stands in.
 * One check per batch of reads (`batched`): that query on the primary and `pg_last_wal_replay_lsn()`
 * on each replica, in parallel; a read then goes to a replica whose replay has reached the position,
 * taking turns among them, or to the primary.
 *
 * A replica that does not answer is asked again every few seconds apart from the reads, which go to
 * the primary meanwhile without waiting for it: a replica down holds up one batch of reads (up to
 * DATABASE_TIMEOUT_SECONDS, if it went silent rather than refusing), never the site. One that is not
 * in recovery is never read from.
 */
export function openReplicas(primary: Db, urls: string[], timeoutMs: number, poolSize: number): Replicas {
  let heard = { invalidation: -1, position: 0n };
  const noted = (invalidation: number, position: bigint) => {
    heard = {
      invalidation: Math.max(heard.invalidation, invalidation),
      position: position > heard.position ? position : heard.position,
    };
  };
  const counted = { replica: 0, primary: 0 };
  const listeners: ((replica: ReplicaHealth) => void)[] = [];
  const replicas = urls.map((url) => openReplica(primary, url, timeoutMs, poolSize));
  let turn = 0;
  let closed = false;

  const usable = (state: ReplicaState) => state !== 'down' && state !== 'not replicating';
  const becomes = (replica: Replica, state: ReplicaState) => {
    if (state === replica.state) return;
    const told = usable(state) !== usable(replica.state);
    replica.state = state;
    if (told) for (const listener of listeners) listener({ name: replica.name, state });
  };
  /** Asks a replica where it stands: its replay position, null when it is not replicating, undefined when down. */
  const ask = async (replica: Replica) => {
    const replayed = await replica.replayed().catch(() => undefined);
    if (replayed === undefined) {
      if (closed) return replayed;
      becomes(replica, 'down');
      replica.retry = setTimeout(() => void askAgain(replica), DOWN_FOR_MS).unref();
    } else if (replayed === null) becomes(replica, 'not replicating');
    return replayed;
  };
  const askAgain = async (replica: Replica) => {
    if ((await ask(replica)) !== undefined && replica.state === 'down') becomes(replica, 'behind');
  };

  /** Where the replicas stand against the position a read must see; answers a replica's database, or the primary. */
  const check = batched(async (): Promise<Db> => {
    const asked = replicas.filter((replica) => usable(replica.state));
    if (asked.length === 0) return primary;
    const [[shared], replays] = await Promise.all([
      queryRows<{ invalidation: string; lsn: string }>(
        primary,
        sql`select value as invalidation, pg_current_wal_insert_lsn()::text as lsn from cache_clock`,
      ),
      Promise.all(asked.map(ask)),
    ]);
    if (Number(shared!.invalidation) > heard.invalidation)
      noted(Number(shared!.invalidation), walPosition(shared!.lsn));
    const fresh = asked.filter((replica, index) => {
      const replayed = replays[index];
      if (typeof replayed !== 'bigint') return false;
      becomes(replica, replayed >= heard.position ? 'current' : 'behind');
      return replica.state === 'current';
    });
    if (fresh.length === 0) return primary;
    turn = (turn + 1) % fresh.length;
    return fresh[turn]!.reads;
  });

  return {
    noteWritten: (invalidation, lsn) => noted(invalidation, walPosition(lsn)),
    async forRead() {
      const db = await check();
      counted[db === primary ? 'primary' : 'replica']++;
      return db;
    },
    routed: () => ({ ...counted }),
    health: () => replicas.map(({ name, state }) => ({ name, state })),
    onAvailabilityChange: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      for (const replica of replicas) clearTimeout(replica.retry);
      await Promise.all(replicas.map((replica) => replica.close()));
    },
  };
}

function openReplica(primary: Db, url: string, timeoutMs: number, poolSize: number): Replica {
  const pool = boundedPool(url, timeoutMs, poolSize);
  const replica = drizzle(pool, { schema }) as unknown as Db;
  // Drizzle's own split: selects and relational queries to the replica, inserts, updates, deletes and
  // transactions to the primary, should a reading route ever write. Raw SQL goes to the replica too:
  // in a reading route it is a read (a search's candidates, a count).
  const reads = Object.assign(
    withReplicas(primary, [replica], () => replica),
    { execute: replica.execute.bind(replica) },
  ) as unknown as Db;
  const { host, pathname } = new URL(url);
  return {
    name: `${host}${pathname}`,
    state: 'unasked',
    reads,
    async replayed() {
      // A promoted replica still answers the last position it replayed: pg_is_in_recovery tells it is no replica any more.
      const [row] = await queryRows<{ lsn: string | null }>(
        replica,
        sql`select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn`,
      );
      return row!.lsn === null ? null : walPosition(row!.lsn);
    },
    close: () => pool.end(),
  };
}
