import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRUSTED_AFTER, type NavLink, type Registration } from '@inkwell/contracts';
import { users } from './users.ts';

/** The site's own settings, chosen by its admins: one row, made by the migration. */
export const siteSettings = pgTable(
  'site_settings',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    registration: text('registration').$type<Registration>().notNull().default('open'),
    youngAccountLimits: boolean('young_account_limits').notNull().default(false),
    emailVerification: boolean('email_verification').notNull().default(false),
    proofOfWork: boolean('proof_of_work').notNull().default(false),
    reviewNewMembers: boolean('review_new_members').notNull().default(false),
    trustedAfter: integer('trusted_after').notNull().default(TRUSTED_AFTER.default),
    spamWave: boolean('spam_wave').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_one_row', sql`${t.id}`),
    check('site_settings_registration_check', sql`${t.registration} in ('open', 'approval', 'invite', 'closed')`),
    check(
      'site_settings_trusted_after_check',
      sql`${t.trustedAfter} between ${sql.raw(String(TRUSTED_AFTER.min))} and ${sql.raw(String(TRUSTED_AFTER.max))}`,
    ),
  ],
);

/**
 * Who the site is to its readers, chosen by its admins: one row, written on the first change (until
 * then the contracts' DEFAULT_SITE_IDENTITY stands). Images are stored as uploads' paths.
 */
export const siteIdentity = pgTable(
  'site_identity',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    name: text('name').notNull(),
    description: text('description').notNull(),
    logo: text('logo'),
    icon: text('icon'),
    /** `#rrggbb`, or null for the neutral look (black on white, white on black). */
    accentColor: text('accent_color'),
    /** The home page's topics, in order. */
    topics: text('topics').array().notNull(),
    navigation: jsonb('navigation').$type<NavLink[]>().notNull(),
    footer: text('footer').notNull(),
    shareImage: text('share_image'),
    language: text('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_identity_one_row', sql`${t.id}`)],
);

/**
 * Every staff action: who, on whom, what, why and when. Written in the transaction of the action
 * itself; no route changes or deletes a line. The actor and the target are kept by name as well,
 * so that a line outlives a deleted account.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    /** role, standing, transfer_ownership, settings… (contracts ModerationAction). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** How the target was named when the action was taken (a username, a blog's title). */
    targetLabel: text('target_label').notNull(),
    /** What changed, as `from → to` words ("member → moderator", "open → closed"). */
    detail: text('detail').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * Who asked to join a site that reviews who joins (registration `approval`): what their account
 * would be, and why they want it. The row goes when an admin decides; the moderation log keeps the decision.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    /** The password they chose (argon2id), or null for a Google account. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_email_lower_idx').on(sql`lower(${t.email})`),
    check('applications_one_method', sql`num_nonnulls(${t.passwordHash}, ${t.googleSub}) = 1`),
  ],
);

/** Invitation links (registration `invite`): only the token's hash is kept; each account made with it is one use. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByUsername: text('created_by_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('invites_uses_within', sql`${t.uses} between 0 and ${t.maxUses}`),
    index('invites_created_idx').on(t.createdAt.desc()),
  ],
);

/** E-mail domains nobody may join with (always on; empty on a new site): a domain covers its subdomains. */
export const blockedEmailDomains = pgTable(
  'blocked_email_domains',
  {
    domain: text('domain').primaryKey(),
    reason: text('reason').notNull().default(''),
    createdByUsername: text('created_by_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blocked_email_domains_created_idx').on(t.createdAt.desc())],
);

/**
 * Proof-of-work challenges already answered (ALTCHA), kept until they expire, so that one solution
 * is spent once on every instance.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * The key that signs proof-of-work challenges where ALTCHA_HMAC_KEY is unset: one row, made the
 * first time a challenge is, so that every instance signs and checks with the same. Never answered.
 */
export const proofOfWorkKey = pgTable(
  'proof_of_work_key',
  {
    /** Always true: the table holds one row. */
    id: boolean('id').primaryKey().default(true),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('proof_of_work_key_one_row', sql`${t.id}`)],
);
