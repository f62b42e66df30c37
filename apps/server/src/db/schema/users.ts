import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role, Standing, Trust } from '@inkwell/contracts';

export interface SocialLinks {
  instagram?: string;
  facebook?: string;
  twitter?: string;
  website?: string;
  linkedin?: string;
  github?: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique(),
    profileImg: text('profile_img').notNull(),
    bio: text('bio').notNull().default(''),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    totalPosts: integer('total_posts').notNull().default(0),
    totalReads: integer('total_reads').notNull().default(0),
    /** Rows of follows naming this user as the author, and as the follower: kept in the transaction that adds or removes one (modules/follows). */
    totalFollowers: integer('total_followers').notNull().default(0),
    totalFollowing: integer('total_following').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** packages/contracts policies.ts: owner, admin, moderator or member. */
    role: text('role').$type<Role>().notNull().default('member'),
    /** active, silenced or suspended (policies.ts); changed by staff only, each change in moderation_log. */
    standing: text('standing').$type<Standing>().notNull().default('active'),
    /**
     * When the member confirmed their e-mail address by a mailed link; Google accounts whose token
     * says the address is verified, and accounts older than verification itself, are born confirmed.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** policies.ts isTrusted: `auto` until enough of their blogs reach readers, or set by a moderator. */
    trust: text('trust').$type<Trust>().notNull().default('auto'),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('owner', 'admin', 'moderator', 'member')`),
    check('users_standing_check', sql`${t.standing} in ('active', 'silenced', 'suspended')`),
    check('users_trust_check', sql`${t.trust} in ('auto', 'trusted', 'untrusted')`),
    // What blogs.author_standing refers to, so that a change of standing cascades onto the author's blogs.
    unique('users_id_standing_key').on(t.id, t.standing),
    // One owner at most; ownership moves by transfer, in one transaction.
    uniqueIndex('users_one_owner_idx')
      .on(t.role)
      .where(sql`${t.role} = 'owner'`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_fullname_trgm_idx').using('gin', sql`lower(${t.fullname}) gin_trgm_ops`),
    // The admins' chart of sign-ups per day.
    index('users_joined_idx').on(t.joinedAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** E-mail verification links (site setting emailVerification): only the token's hash is kept. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
