import { z } from 'zod';
import { AuthMessages } from './auth-rules.ts';
import { CommentMessages } from './comment-rules.ts';
import { FollowMessages } from './follow-rules.ts';
import { ImportMessages } from './imports.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';
import { SettingsMessages } from './settings-rules.ts';

/*
 * The catalogue of refusals. Every error the server answers is `{ "error": <message>, "code": <code> }`,
 * and every code it may answer is here, with its message. `error` is for people: the web app shows it
 * as it is. `code` is for programs: a client (our web app included) branches on the code, never on
 * the words. docs/api.md points here.
 *
 * The rules for codes:
 * - A code is a lower snake_case noun of what went wrong (`blog_not_found`, `email_taken`).
 * - A code is stable for ever: never renamed, never reused for another refusal. A refusal the server
 *   stops making leaves its code here, unused; a new refusal gets a new code (error-codes.test.ts
 *   lists every code published, and fails when one goes).
 * - One code per refusal, one refusal per code: a fixed code has one message, written once, and the
 *   same refusal made in several places (a missing blog, in six) is the same code. The HTTP status
 *   says what kind of refusal it is (docs/api.md); one code may come with more than one (a comment id
 *   that cannot be one is a 400, an unknown one a 404).
 * - A message in ErrorMessages is exact, character for character (docs/product/rules.md). The few
 *   refusals in ComposedErrors say more than one fixed text can (which field, how long to wait):
 *   their message is made where they are refused, and ComposedErrors says what it holds.
 *
 * Each message is written once. The texts the web app also shows before it sends anything (a rule it
 * checks itself) stay in their zod-free message modules (messages.ts, settings-rules.ts…), which a
 * reading page loads, and are named here; a text only the server says is written here. This module
 * holds the codes' schema, so the web app loads it with the other schemas (see vite.config.ts), never
 * on a reading page: the web app names the few codes it branches on (ErrorCode is a type).
 */

/** The refusals whose message is always the same: code, then exact message. */
export const ErrorMessages = {
  // The request itself: its body, its address, its size.
  invalid_json: 'The request body is not valid JSON',
  empty_body: 'The request body is empty',
  body_too_deep: 'The request body is nested too deeply',
  body_too_large: 'The request body is too large',
  nul_character: 'Text may not contain NUL characters',
  unsupported_content_type: 'Unsupported content type',
  invalid_content_length: 'Invalid Content-Length',
  invalid_url: 'The address is not valid',
  url_too_long: 'The address is too long',
  invalid_request: 'The request could not be processed',
  // What the HTTP server answers a client before any request is read (Fastify's own words).
  malformed_request: 'Bad Request',
  request_timeout: 'Request Timeout',
  headers_too_large: 'Request Header Fields Too Large',
  not_found: 'Not found',

  // Sessions and accounts.
  unauthorized: 'You must be signed in',
  metrics_unauthorized: 'The metrics are for this machine, or for a scraper with the token of METRICS_TOKEN',
  like_unauthorized: Messages.loginToLike,
  bookmark_unauthorized: Messages.loginToBookmark,
  follow_unauthorized: FollowMessages.loginToFollow,
  fullname_too_short: Messages.fullnameTooShort,
  email_required: Messages.enterEmail,
  email_invalid: Messages.emailInvalid,
  password_invalid: Messages.passwordRule,
  email_taken: 'Email already exists',
  wrong_credentials: 'Incorrect email or password',
  google_account_sign_in: 'This account was created with Google. Please continue with Google to sign in.',
  google_sign_in_failed: Messages.googleFailed,
  google_email_unverified: 'Your Google email address is not verified.',
  google_email_taken: 'An account with this email already exists. Sign in with your email and password instead.',
  reset_link_invalid: 'This password reset link is invalid, used or expired. Please ask for a new one.',
  registration_closed: 'This site is not taking new members.',
  application_reason_required: 'This site reviews who joins: tell its staff why you want to join',
  application_pending: 'An application with this email is already waiting for the site’s staff',
  application_not_found: 'This application has already been decided',
  invite_required: 'This site is open by invitation: ask its staff for an invitation link',
  invite_invalid: 'This invitation link has expired or been used up',
  invite_not_found: 'No such invitation',
  account_suspended: 'This account is suspended. Contact the site’s staff if you think this is a mistake.',
  account_silenced:
    'Your account is silenced: you can read, but not publish, comment, like, follow, subscribe or change your profile.',
  /** A member whose address is not confirmed, on a site that asks for it (site-settings.ts emailVerification). */
  email_unverified:
    'Confirm your e-mail address to publish and comment: open the link we mailed you, or ask for a new one. Your drafts save meanwhile.',
  verification_link_invalid: 'This confirmation link is invalid, used or expired. Sign in and ask for a new one.',
  email_already_verified: 'Your e-mail address is confirmed already',
  /** Sign-up, a first Google sign-in, an application or a visitor's subscription from a domain the admins blocked. */
  email_domain_blocked: 'This site does not accept sign-ups from this e-mail address’s domain.',
  // The proof of work a site may ask of newcomers and visitors (ALTCHA, proof-of-work.ts).
  proof_of_work_required: AuthMessages.proofOfWorkRequired,
  proof_of_work_failed:
    'The check that you are not a robot failed or expired: let it run again, then send the form again',

  // Settings.
  fields_required: Messages.fillAllFields,
  username_too_short: Messages.usernameTooShort,
  username_too_long: SettingsMessages.usernameTooLong,
  username_invalid_characters: SettingsMessages.usernameCharacters,
  username_taken: 'Username is already taken',
  bio_too_long: Messages.bioTooLong,
  image_not_stored: 'Upload the image to Inkwell first',
  wrong_current_password: 'Current password is incorrect',
  google_account_password_change: 'This account was created with Google, so it has no password to change',
  // Deleting one's own account (POST /api/account/delete).
  password_confirmation_required: 'Type your password to delete your account',
  google_confirmation_required: 'This account signs in with Google: continue with Google to delete it',
  delete_wrong_password: 'Your password is not right: your account was not deleted',
  google_confirmation_failed:
    'Continue with this account’s own Google account, just now, to delete it: your account was not deleted',
  owner_cannot_leave: 'The site’s owner cannot delete their account: hand the site over to another member first',

  // Writing, publishing and scheduling.
  title_too_long: `Title must be at most ${Limits.titleMax} characters`,
  draft_title_required: Messages.draftTitleRequired,
  publish_title_required: Messages.publishTitleRequired,
  title_required: Messages.titleRequired,
  banner_required: Messages.bannerRequired,
  banner_invalid: 'The banner must be an uploaded image',
  content_required: Messages.contentRequired,
  description_invalid: Messages.descriptionRule,
  tags_required: Messages.tagRequired,
  too_many_tags: Messages.maxTags,
  tag_too_long: `Each tag must be at most ${Limits.tagMax} characters`,
  blog_not_found: 'Blog not found',
  blog_edit_forbidden: 'Only the author can edit this blog',
  blog_delete_forbidden: 'You can only delete your own blogs',
  /** create-blog's 409: the blog was saved elsewhere since the editor sent `updatedAt` loaded it. */
  blog_changed: 'This blog changed since you opened it',
  publish_time_invalid: 'publishAt must be a date and time with its offset, such as 2026-05-01T09:00:00Z',
  publish_time_past: 'The publishing time must be in the future',
  draft_with_publish_time: 'A draft has no publishing time: publish it with publishAt to schedule it',
  published_blog_schedule: 'This blog is published already: it cannot be scheduled',
  blog_already_published: 'This blog is published already',
  published_blog_preview: 'This blog is published already: share its own address',
  preview_link_invalid: 'This preview link does not work: it was replaced or revoked, or the blog was deleted',

  // Comments.
  comment_empty: Messages.commentEmpty,
  comment_too_long: CommentMessages.commentTooLong,
  comment_not_found: 'Comment not found',
  comment_delete_forbidden: 'Only the commenter or the blog’s author can delete this comment',

  // Writers, tags, following and subscriptions.
  user_not_found: 'User not found',
  tag_not_found: 'Tag not found',
  self_follow: 'You cannot follow yourself',
  self_subscription: 'You cannot subscribe to your own blogs.',
  subscription_link_invalid:
    'This link does not work any more: it was replaced by a newer one, or the subscription ended.',

  // Blocks between members (a member learns of a block only from these refusals).
  self_block: 'You cannot block yourself',
  blocked_by_author: 'You cannot comment on this blog: its author has blocked you',
  blocked_by_commenter: 'You cannot reply to this comment: its writer has blocked you',
  blocked_by_member: 'You cannot follow this member: they have blocked you',
  member_blocked: 'You blocked this member: unblock them first',

  // Reports to the site's staff.
  self_report: 'You cannot report your own posts or profile',
  already_reported: 'You reported this already: the site’s staff will look at it',

  // Images.
  image_required: Messages.selectImage,
  multipart_expected: 'Expected a multipart/form-data upload',
  too_many_files: 'Upload one file at a time',
  too_many_fields: 'Too many form fields',
  file_empty: 'The file is empty',
  unsupported_image_type: 'Only PNG, JPEG, WebP and GIF images can be uploaded',
  image_invalid: 'The file is not a valid image',
  image_too_many_pixels: 'The image has too many pixels',
  storage_full: 'The server has no room left for images. Please tell its administrator.',
  storage_read_only:
    'The server cannot save images right now: its storage is read-only. Please tell its administrator.',

  // Staff.
  staff_only: 'Only the site’s staff can do this',
  admin_only: 'Only the site’s admins can do this',
  failed_job_not_found: 'No failed job has this id: it may have been retried or discarded already',
  accent_unreadable:
    'This accent is too light or too dark: it needs a contrast of at least 3:1 with both the light and the dark page',
  identity_image_invalid: "The site's logo, icon and share image must be images uploaded to this site",
  // Imports (import-limits.ts): the file is refused whole, nothing written.
  import_too_large: ImportMessages.tooLarge,
  import_format_unknown:
    'This is not an export Inkwell can read: upload a WordPress export (.xml), a Ghost export (.json), a Medium export (.zip), a zip of Markdown files, or an Inkwell export (.zip)',
  import_unreadable: 'The file could not be read: it is damaged or not what its name says',
  import_archive_unsafe: 'The archive was refused: it unpacks to too much, or names files outside itself',
  import_too_many_posts: 'An import may hold at most 5000 posts',
  import_file_required: ImportMessages.fileRequired,
  import_site_url_invalid: 'The old site’s address must be an http or https address',
  import_not_found: 'No import of yours has this id',
  role_change_forbidden: 'You cannot give this member that role',
  standing_change_forbidden: 'You cannot change this member’s standing',
  member_delete_forbidden: 'You cannot delete this member',
  confirmation_mismatch: 'Type the member’s username to confirm',
  content_action_forbidden: 'You cannot act on this member’s posts',
  trust_change_forbidden: 'You cannot change whether this member is trusted',
  /** approve-blog and reject-blog's 409: another moderator decided first, or its author took it back. */
  blog_not_awaiting_review: 'This blog is not waiting for review',
  ownership_transfer_forbidden: 'Only the owner can hand the site over, to another member',
  domain_invalid: 'Enter a domain name, such as spam.example, or an address on it',
  own_domain: 'This site’s own domain cannot be blocked',
  domain_already_blocked: 'This domain is blocked already',
  domain_not_blocked: 'This domain is not blocked',
  /** Asking e-mail verification of a server that cannot send the mail (SMTP_URL unset): nobody could ever confirm. */
  mail_not_configured: 'This server cannot send mail (SMTP_URL is not set), so nobody could confirm their address',
  /** bulk-standing's 409: the filter matches another number of members than the admin saw. */
  bulk_count_changed: 'The members matching these filters changed since you looked: look at the list again',
  bulk_action_not_found: 'No such bulk action',

  // Notifications and the fediverse.
  too_many_streams: 'Too many open notification streams',
  activitypub_only: 'This address serves ActivityPub documents only',
  /** An inbox's answer to a server whose domain the admins blocked. */
  domain_blocked: 'This site does not accept activities from your domain',

  // The server's own state.
  internal_error: 'Something went wrong on our side. Please try again.',
  database_unavailable: 'The database is unavailable. Please try again in a moment.',
  database_not_answering: 'The database is not answering',
  server_restarting: 'The server is restarting. Please try again in a moment.',
} as const;

/** The refusals whose message is made where they are refused: code, then what the message says. */
export const ComposedErrors = {
  validation_failed:
    'A part of the request does not fit its schema: the message names the field and what is wrong (`title is required`, `page must be a number`)',
  rate_limited:
    'Too many requests of one kind: the message says which, and when to try again (`Too many likes. Please try again in 5 minutes.`), as Retry-After does',
  invalid_block:
    'A block of the content breaks a rule: the message names the block and the rule (`Block 2: a heading needs text`)',
  social_link_invalid:
    'A social link is not an https address on its network: the message names the network (`GitHub link must be an https://github.com address`)',
  file_too_large:
    'The file is larger than the server takes: the message says the limit (`The file is too large (max 10 MB)`)',
  fetch_failed:
    'The address given could not be fetched (refused, unknown, too slow, an error status): the message says why',
} as const;

export type FixedErrorCode = keyof typeof ErrorMessages;
export type ComposedErrorCode = keyof typeof ComposedErrors;
export type ErrorCode = FixedErrorCode | ComposedErrorCode;

export const ERROR_CODES = [...Object.keys(ErrorMessages), ...Object.keys(ComposedErrors)] as [
  ErrorCode,
  ...ErrorCode[],
];

/** The `code` of every error answer (ErrorBody): one of the catalogue's. */
export const ErrorCode = z
  .enum(ERROR_CODES)
  .meta({ id: 'ErrorCode', description: 'What was refused, for programs: packages/contracts/src/error-codes.ts' });

/**
 * A refusal: its code and its message. A fixed refusal's message is its own in ErrorMessages (the
 * compiler checks the pair); a composed one's is any text.
 */
export type Refusal =
  | { [C in FixedErrorCode]: { readonly code: C; readonly message: (typeof ErrorMessages)[C] } }[FixedErrorCode]
  | { readonly code: ComposedErrorCode; readonly message: string };

/** A refusal about one field of a form, as the shared rules answer it (see fields.ts). */
export type FieldRefusal = Refusal & { readonly field: string };

/** The refusal `code`, with its message. */
export const refusal = (code: FixedErrorCode) => ({ code, message: ErrorMessages[code] }) as Refusal;
