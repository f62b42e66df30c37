import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { and, eq, gt, isNull, like, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { federationKv } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like-pattern.ts';

const keyText = (key: KvKey) => JSON.stringify(key);
const live = () => or(isNull(federationKv.expiresAt), gt(federationKv.expiresAt, sql`now()`));
const expiresAt = (options?: KvStoreSetOptions) =>
  options?.ttl ? new Date(Date.now() + options.ttl.total('millisecond')) : null;

/**
 * Fedify's key–value store on a table, so what it remembers (fetched keys and documents, the
 * activities an inbox has already taken) survives a restart and is shared by every instance.
 * An expired entry reads as absent and is swept on the next write.
 */
export class PgKvStore implements KvStore {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await this.#db
      .select({ value: federationKv.value })
      .from(federationKv)
      .where(and(eq(federationKv.key, keyText(key)), live()));
    return row?.value as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await this.#db.delete(federationKv).where(lte(federationKv.expiresAt, sql`now()`));
    const row = { key: keyText(key), value: value ?? null, expiresAt: expiresAt(options) };
    await this.#db
      .insert(federationKv)
      .values(row)
      .onConflictDoUpdate({ target: federationKv.key, set: { value: row.value, expiresAt: row.expiresAt } });
  }

  async delete(key: KvKey): Promise<void> {
    await this.#db.delete(federationKv).where(eq(federationKv.key, keyText(key)));
  }

  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx
        .select({ value: federationKv.value })
        .from(federationKv)
        .where(and(eq(federationKv.key, keyText(key)), live()))
        .for('update');
      if (JSON.stringify(row?.value) !== JSON.stringify(expectedValue)) return false;
      const next = { key: keyText(key), value: newValue ?? null, expiresAt: expiresAt(options) };
      await tx
        .insert(federationKv)
        .values(next)
        .onConflictDoUpdate({ target: federationKv.key, set: { value: next.value, expiresAt: next.expiresAt } });
      return true;
    });
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // ["a","b"] is stored as '["a","b"]': its entries below start '["a","b",'.
    const filter = prefix
      ? or(
          eq(federationKv.key, keyText(prefix)),
          like(federationKv.key, `${escapeLike(keyText(prefix).slice(0, -1))},%`),
        )
      : undefined;
    const rows = await this.#db
      .select({ key: federationKv.key, value: federationKv.value })
      .from(federationKv)
      .where(and(filter, live()));
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
  }
}
