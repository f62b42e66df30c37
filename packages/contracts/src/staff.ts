import { z } from 'zod';
import { ImageUrl } from './image-url.ts';
import { ErrorMessages } from './error-codes.ts';
import { Limits } from './limits.ts';
import { ROLES, STANDINGS, TRUSTS } from './policies.ts';
import { SiteSettings } from './site-settings.ts';

/*
 * The staff's calls (/api/admin/…): the members and their roles and standing, the moderation log,
 * the site's settings and the fediverse's blocked domains. Who may call which is in policies.ts.
 */

const page = z.number().int().min(1).max(100_000).default(1);
const username = z.string().min(1).max(100);
/** Why staff did something: the member is told, the moderation log keeps it. */
export const moderationReason = z.string().trim().max(Limits.moderationReasonMax).default('');

const role = z.enum(ROLES);
const standing = z.enum(STANDINGS);

/** `POST /api/admin/members`: a page of members, newest first, those matching `query` (username, name or e-mail). */
export const MembersBody = z.object({ page, query: z.string().max(Limits.searchQueryMax).default('') });
export type MembersBody = z.infer<typeof MembersBody>;

export const Member = z.object({
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  profile_img: ImageUrl,
  role,
  standing,
  joinedAt: z.string(),
  total_posts: z.number(),
  /** How the member's trust is set (policies.ts TRUSTS), and whether they are trusted now. */
  trust: z.enum(TRUSTS),
  trusted: z.boolean(),
  /** What the viewer may do to this member: the roles they may give, whether they may change the standing or the trust, hand over the site, or delete the account. */
  can: z.object({
    roles: z.array(role),
    standing: z.boolean(),
    trust: z.boolean(),
    transferOwnership: z.boolean(),
    delete: z.boolean(),
  }),
});
export type Member = z.infer<typeof Member>;
export const MembersResponse = z.object({ members: z.array(Member), totalDocs: z.number() });
export type MembersResponse = z.infer<typeof MembersResponse>;

/** `POST /api/admin/member/role`. Owner is never given this way: see transfer-ownership. */
export const SetRoleBody = z.object({ username, role: role.exclude(['owner']), reason: moderationReason });
export type SetRoleBody = z.infer<typeof SetRoleBody>;

/** `POST /api/admin/member/standing`: silence, suspend, or restore (`active`). */
export const SetStandingBody = z.object({ username, standing, reason: moderationReason });
export type SetStandingBody = z.infer<typeof SetStandingBody>;

/** `POST /api/admin/transfer-ownership`: the owner hands the site to `username` and becomes an admin. */
export const TransferOwnershipBody = z.object({ username, reason: moderationReason });
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBody>;

/** What a member action answers: the member as they are now. */
export const MemberResponse = z.object({ member: Member });

export const MODERATION_ACTIONS = [
  'role',
  'standing',
  'transfer_ownership',
  'settings',
  'domain_block',
  'domain_unblock',
  'email_domain_block',
  'email_domain_unblock',
  'blog_hide',
  'blog_unhide',
  'application_approve',
  'application_reject',
  'invite_create',
  'invite_revoke',
  'member_delete',
  'comment_delete',
  'reports_dismiss',
  'blog_approve',
  'blog_reject',
  'trust',
] as const;

export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Each staff action as the member it concerns is told of it ("The site's staff hid your blog
 * “…”"), in their notification and their mail; the site's settings and domains concern no member.
 */
export const STAFF_ACTION_TOLD: Partial<Record<ModerationAction, string>> = {
  role: 'changed your role',
  standing: 'changed your standing',
  transfer_ownership: 'handed you the site',
  blog_hide: 'hid your blog',
  blog_unhide: 'gave readers back your blog',
  comment_delete: 'deleted your comment',
  blog_approve: 'published your blog',
  blog_reject: 'sent your blog back to your drafts',
  trust: 'changed your trust',
};

/** How the moderation log names what was done at the server's console (`npm run admin`) rather than by an account. */
export const CONSOLE_ACTOR = 'npm run admin';

/** `POST /api/admin/log`: a page of the moderation log, newest first. */
export const ModerationLogBody = z.object({ page });
export const ModerationLogEntry = z.object({
  _id: z.string(),
  /** The staff member's username when they acted, or CONSOLE_ACTOR. */
  actor: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target: z.object({
    type: z.enum(['user', 'site', 'domain', 'blog', 'comment', 'applicant', 'invite']),
    id: z.string(),
    label: z.string(),
  }),
  /** What changed: "member → moderator", "active → suspended", "registration: open → closed", "allowed → blocked". */
  detail: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;
export const ModerationLogResponse = z.object({ entries: z.array(ModerationLogEntry), totalDocs: z.number() });
export type ModerationLogResponse = z.infer<typeof ModerationLogResponse>;

/** `POST /api/admin/settings`: the settings to change (the others stay), and why. */
export const UpdateSiteSettingsBody = SiteSettings.partial().extend({ reason: moderationReason });
export type UpdateSiteSettingsBody = z.infer<typeof UpdateSiteSettingsBody>;
/** The settings, and whether this server can send mail (SMTP_URL): e-mail verification needs it. */
export const SiteSettingsResponse = z.object({ settings: SiteSettings, canMail: z.boolean() });
export type SiteSettingsResponse = z.infer<typeof SiteSettingsResponse>;

/** `POST /api/admin/blocked-domains`: a page of the fediverse's blocked domains, newest first (admins). */
export const BlockedDomainsBody = z.object({ page });
export type BlockedDomainsBody = z.infer<typeof BlockedDomainsBody>;
export const BlockedDomain = z.object({ domain: z.string(), reason: z.string(), createdAt: z.string() });
export type BlockedDomain = z.infer<typeof BlockedDomain>;
export const BlockedDomainsResponse = z.object({ domains: z.array(BlockedDomain), totalDocs: z.number() });
export type BlockedDomainsResponse = z.infer<typeof BlockedDomainsResponse>;

/**
 * `POST /api/admin/block-domain` and `unblock-domain`: a host, or an address on it, which the server
 * normalises (domain-rules.ts: `https://Spam.Example/@x` is `spam.example`); a block covers its subdomains.
 */
export const DomainBlockBody = z.object({ domain: z.string().max(Limits.domainInputMax), reason: moderationReason });
export type DomainBlockBody = z.infer<typeof DomainBlockBody>;
/** The domain as it was normalised, blocked or unblocked. */
export const DomainBlockResponse = z.object({ domain: z.string() });
export type DomainBlockResponse = z.infer<typeof DomainBlockResponse>;

/**
 * `POST /api/admin/blocked-email-domains` (the body is BlockedDomainsBody): a page of the e-mail
 * domains nobody may join with, newest first (admins). `block-email-domain` and
 * `unblock-email-domain` take a DomainBlockBody (a domain, or an e-mail address on it) and answer a
 * DomainBlockResponse; a block covers its subdomains.
 */
export const BlockedEmailDomain = BlockedDomain.extend({ createdBy: z.string() });
export type BlockedEmailDomain = z.infer<typeof BlockedEmailDomain>;
export const BlockedEmailDomainsResponse = z.object({ domains: z.array(BlockedEmailDomain), totalDocs: z.number() });
export type BlockedEmailDomainsResponse = z.infer<typeof BlockedEmailDomainsResponse>;

/**
 * `POST /api/admin/hide-blog` and `unhide-blog` (moderators): a hidden blog is withheld from every
 * reader, list, count, feed and the fediverse; its author still sees it, with the reason.
 */
export const HideBlogBody = z.object({ blog_id: z.string().min(1).max(200), reason: moderationReason });
export type HideBlogBody = z.infer<typeof HideBlogBody>;
export const HideBlogResponse = z.object({ blog_id: z.string(), hidden: z.boolean() });
export type HideBlogResponse = z.infer<typeof HideBlogResponse>;

/** `POST /api/admin/applications` (admins): a page of the applications waiting, oldest first. */
export const ApplicationsBody = z.object({ page });
export type ApplicationsBody = z.infer<typeof ApplicationsBody>;
export const Application = z.object({
  _id: z.string(),
  fullname: z.string(),
  email: z.string(),
  /** Why they want to join, in their words. */
  reason: z.string(),
  /** How they would sign in: a password, or their Google account. */
  method: z.enum(['password', 'google']),
  createdAt: z.string(),
});
export type Application = z.infer<typeof Application>;
export const ApplicationsResponse = z.object({ applications: z.array(Application), totalDocs: z.number() });
export type ApplicationsResponse = z.infer<typeof ApplicationsResponse>;

/** `POST /api/admin/decide-application` (admins): approve (the account is made, the applicant mailed) or reject (mailed, with the reason). */
export const DecideApplicationBody = z.object({
  id: z.string().uuid(),
  approve: z.boolean(),
  reason: moderationReason,
});
export type DecideApplicationBody = z.infer<typeof DecideApplicationBody>;
export const DecideApplicationResponse = z.object({ approved: z.boolean(), username: z.string().nullable() });

/** `POST /api/admin/invites` (admins): the invitation links, newest first. */
export const InvitesBody = z.object({ page });
export type InvitesBody = z.infer<typeof InvitesBody>;
export const Invite = z.object({
  _id: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  /** Whether it still opens an account: not expired, not used up, not revoked. */
  usable: z.boolean(),
});
export type Invite = z.infer<typeof Invite>;
export const InvitesResponse = z.object({ invites: z.array(Invite), totalDocs: z.number() });
export type InvitesResponse = z.infer<typeof InvitesResponse>;

/** `POST /api/admin/create-invite` (admins): a new link; its token is answered once and never stored. */
export const CreateInviteBody = z.object({
  note: z.string().trim().max(200).default(''),
  days: z.number().int().min(1).max(Limits.inviteDaysMax).default(7),
  maxUses: z.number().int().min(1).max(Limits.inviteUsesMax).default(1),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBody>;
export const CreateInviteResponse = z.object({ invite: Invite, token: z.string() });
export type CreateInviteResponse = z.infer<typeof CreateInviteResponse>;

/** `POST /api/admin/revoke-invite` (admins). */
export const RevokeInviteBody = z.object({ id: z.string().uuid(), reason: moderationReason });
export type RevokeInviteBody = z.infer<typeof RevokeInviteBody>;
export const RevokeInviteResponse = z.object({ invite: Invite });
/**
 * `POST /api/admin/delete-comment` (moderators): the comment stays in its thread, with its replies,
 * but says CommentMessages.removedByStaff instead of its words; its writer is told why.
 */
export const StaffDeleteCommentBody = z.object({
  comment_id: z.uuid(ErrorMessages.comment_not_found),
  reason: moderationReason,
});
export type StaffDeleteCommentBody = z.infer<typeof StaffDeleteCommentBody>;
export const StaffDeleteCommentResponse = z.object({ comment_id: z.string(), removed: z.literal(true) });
export type StaffDeleteCommentResponse = z.infer<typeof StaffDeleteCommentResponse>;

/**
 * `POST /api/admin/delete-member` (admins): the account and all its content go for good, the
 * counters of everyone else kept exact. `confirm` must repeat the username (a typed confirmation).
 */
export const DeleteMemberBody = z.object({ username, confirm: z.string().max(100), reason: moderationReason });
export type DeleteMemberBody = z.infer<typeof DeleteMemberBody>;
export const DeleteMemberResponse = z.object({ username: z.string(), deleted: z.literal(true) });
