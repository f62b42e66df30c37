import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who gets an e-mail when an author publishes (modules/subscribers). `email` is stored trimmed and
 * lower-cased; a visitor's row is pending until they open the mailed link (`confirmed_at`). Only
 * sha256 of the mailed tokens is kept, so the table gives away no working link.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The signed-in reader who subscribed, if one did. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The last confirmation mail's token; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** When a confirmation mail was last asked for: a pending address is not mailed again before a while. */
    confirmMailedAt: timestamp('confirm_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('subscribers_author_email').on(t.authorId, t.email), index('subscribers_user_idx').on(t.userId)],
);

/**
 * The unsubscribe links mailed to a subscriber, one for each mail: a link must keep working in every
 * mail they kept, and only a token's hash is stored, so a mail's token is made as it is sent. They
 * go with the subscriber.
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unsubscribe_tokens_subscriber_idx').on(t.subscriberId)],
);
