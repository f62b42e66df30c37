import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BulkActionKind, MemberFilter } from '@inkwell/contracts';
import { users } from './users.ts';

/**
 * An admin's action on every member a filter matched (a spam wave): the members are frozen into
 * bulk_action_members as it starts, then a job works through them; `done` counts those it has.
 */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A standing to give (contracts BULK_ACTIONS). */
    action: text('action').$type<BulkActionKind>().notNull(),
    reason: text('reason').notNull(),
    /** The filter as the admin sent it, for the record. */
    filter: jsonb('filter').$type<MemberFilter>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bulk_actions_done_within', sql`${t.done} between 0 and ${t.total}`),
    index('bulk_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The members of a bulk action, each marked done in the transaction that acts on them, so a job
 * run again never acts on one twice. No reference to users: a deleted account's row stays, skipped.
 */
export const bulkActionMembers = pgTable(
  'bulk_action_members',
  {
    bulkActionId: uuid('bulk_action_id')
      .notNull()
      .references(() => bulkActions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bulkActionId, t.userId] })],
);
