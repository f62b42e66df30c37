import { z } from 'zod';
import { ErrorMessages } from './error-codes.ts';
import { Limits } from './limits.ts';
import { STANDINGS } from './policies.ts';
import { moderationReason } from './staff.ts';

/*
 * Spam waves (admins): find the members a filter matches, look at them, then change them all in
 * one bulk action, worked through in the background. Staff never match, whatever the filter.
 */

const page = z.number().int().min(1).max(100_000).default(1);
const count = z.number().int().min(0).max(1_000_000_000).optional();

/** How a member signed up: with a password, or with their Google account (Google or Firebase sign-in). */
export const SIGN_UP_METHODS = ['password', 'google'] as const;
export type SignUpMethod = (typeof SIGN_UP_METHODS)[number];

/**
 * Which members: each field narrows, an absent one does not. Dates are UTC days, both ends
 * included; blogs are the member's published blogs as readers count them (`total_posts`),
 * comments every comment they wrote.
 */
export const MemberFilter = z.object({
  joinedFrom: z.iso.date().optional(),
  joinedTo: z.iso.date().optional(),
  method: z.enum(SIGN_UP_METHODS).optional(),
  /** Whether they confirmed their e-mail address (site setting emailVerification; Google accounts count as confirmed). */
  verified: z.boolean().optional(),
  blogsMin: count,
  blogsMax: count,
  commentsMin: count,
  commentsMax: count,
  standing: z.enum(STANDINGS).default('active'),
  /** Username, name or e-mail, as the members page searches. */
  query: z.string().max(Limits.searchQueryMax).default(''),
});
export type MemberFilter = z.infer<typeof MemberFilter>;

/** `POST /api/admin/members-matching`: a page of the members the filter matches, newest first, and how many in all. Answers MembersResponse. */
export const MembersMatchingBody = z.object({ filter: MemberFilter, page });
export type MembersMatchingBody = z.infer<typeof MembersMatchingBody>;

/** What a bulk action does to each member: gives them a standing, or deletes their account and all its content. */
export const BULK_ACTIONS = [...STANDINGS, 'delete'] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

/**
 * `POST /api/admin/bulk-standing`: gives every member the filter matches that standing. `expected`
 * is how many the admin saw match; if the filter matches another number now, nothing is done
 * (409 bulk_count_changed).
 */
export const BulkStandingBody = z.object({
  filter: MemberFilter,
  standing: z.enum(STANDINGS),
  reason: moderationReason,
  expected: z.number().int().min(1).max(1_000_000_000),
});
export type BulkStandingBody = z.infer<typeof BulkStandingBody>;

/**
 * `POST /api/admin/bulk-delete`: deletes every member the filter matches, with all their content,
 * as delete-member does one. `confirm` is `delete <expected>`, typed (400 confirmation_mismatch).
 */
export const BulkDeleteBody = BulkStandingBody.omit({ standing: true }).extend({ confirm: z.string().max(100) });
export type BulkDeleteBody = z.infer<typeof BulkDeleteBody>;

/** The words an admin types to delete `count` members at once. */
export const bulkDeleteConfirmation = (count: number) => `delete ${count}`;

export const BulkAction = z.object({
  _id: z.string(),
  action: z.enum(BULK_ACTIONS),
  reason: z.string(),
  /** The members matched when it started: those, and only those, are acted on. */
  total: z.number(),
  /** How many of them it has worked through (changed, or skipped: already so, or staff now). */
  done: z.number(),
  status: z.enum(['running', 'done']),
  createdAt: z.string(),
  /** The admin's username then. */
  createdBy: z.string(),
});
export type BulkAction = z.infer<typeof BulkAction>;
export const BulkActionResponse = z.object({ bulkAction: BulkAction });
export type BulkActionResponse = z.infer<typeof BulkActionResponse>;

/** `POST /api/admin/bulk-action`: one bulk action as it is now. */
export const BulkActionBody = z.object({ id: z.uuid(ErrorMessages.bulk_action_not_found) });
export type BulkActionBody = z.infer<typeof BulkActionBody>;

/** `POST /api/admin/bulk-actions`: a page of them, newest first. */
export const BulkActionsBody = z.object({ page });
export type BulkActionsBody = z.infer<typeof BulkActionsBody>;
export const BulkActionsResponse = z.object({ bulkActions: z.array(BulkAction), totalDocs: z.number() });
export type BulkActionsResponse = z.infer<typeof BulkActionsResponse>;
