import type { webcrypto } from 'node:crypto';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Fedify's key–value store (federation/kv-store.ts): its caches and inbox idempotence, kept across restarts. */
export const federationKv = pgTable(
  'federation_kv',
  {
    /** The key array as JSON, so a prefix of keys is a prefix of text. */
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('federation_kv_expires_idx').on(t.expiresAt)],
);

/** An author's key pairs, made once and kept: remote servers cache the public keys, so they must not change. */
export const actorKeys = pgTable(
  'actor_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'RSASSA-PKCS1-v1_5' (HTTP Signatures) or 'Ed25519' (object integrity proofs). */
    algorithm: text('algorithm').notNull(),
    publicKey: jsonb('public_key').$type<webcrypto.JsonWebKey>().notNull(),
    privateKey: jsonb('private_key').$type<webcrypto.JsonWebKey>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.algorithm] })],
);

/** Actors on other servers that follow an author here, and where their activities are delivered. */
export const remoteFollowers = pgTable(
  'remote_followers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    followId: text('follow_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_followers_actor_idx').on(t.actorId)],
);

/** Remote actors a user here follows (accepted once their server answers Accept): whose articles the inbox takes. */
export const remoteFollowing = pgTable(
  'remote_following',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    followId: text('follow_id').notNull().unique(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_following_actor_idx').on(t.actorId)],
);

/** Articles received from followed remote actors, as last created, updated or deleted. */
export const remoteArticles = pgTable('remote_articles', {
  objectId: text('object_id').primaryKey(),
  actorId: text('actor_id').notNull(),
  name: text('name').notNull().default(''),
  url: text('url'),
  content: text('content').notNull().default(''),
  /** The last activity about it: 'Create', 'Update' or 'Delete'. */
  lastActivity: text('last_activity').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Servers the admins refused: nothing of theirs is accepted, nothing is delivered to them (modules/federation). */
export const blockedDomains = pgTable('blocked_domains', {
  /** The host, lower case, as it appears in an actor's id (`spam.example`); its subdomains are blocked with it. */
  domain: text('domain').primaryKey(),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
