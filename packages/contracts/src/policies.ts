/*
 * Who may do what to a blog, a comment, a member or the site: each rule once. The server enforces them and tells the
 * viewer their outcome as a `can` object on the blog or comment it answers (all false for an
 * anonymous viewer); the web app shows its controls from that `can`, never from a copy of a rule.
 * A viewer is the signed-in user's id, or null.
 */

type Viewer = string | null;

/** A blog as the rules need it: whose it is. */
export interface BlogOwnership {
  authorId: string;
}

/** A comment as the rules need it: who wrote it (null once they deleted their account), on whose blog, and whether staff deleted it. */
export interface CommentOwnership {
  commentedBy: string | null;
  blogAuthorId: string;
  removedByStaff?: boolean;
}

/** Only its author edits a blog (saves it again, publishes it, opens it in the editor). */
export const canEditBlog = (viewer: Viewer, blog: BlogOwnership): boolean =>
  viewer !== null && viewer === blog.authorId;

/** Only its author deletes a blog. */
export const canDeleteBlog = (viewer: Viewer, blog: BlogOwnership): boolean =>
  viewer !== null && viewer === blog.authorId;

/**
 * The commenter or the blog's author deletes a comment (with its replies); not one the staff
 * deleted, which is the staff's (deleting a comment above it still takes it along).
 */
export const canDeleteComment = (viewer: Viewer, comment: CommentOwnership): boolean =>
  viewer !== null && !comment.removedByStaff && (viewer === comment.commentedBy || viewer === comment.blogAuthorId);

/** What the viewer may do to a blog: the `can` of get-blog's blog (BlogCan in blog.ts). */
export const blogCan = (viewer: Viewer, blog: BlogOwnership) => ({
  edit: canEditBlog(viewer, blog),
  delete: canDeleteBlog(viewer, blog),
});

/** What the viewer may do to a comment: the `can` of a Comment (CommentCan in comments.ts). */
export const commentCan = (viewer: Viewer, comment: CommentOwnership) => ({
  delete: canDeleteComment(viewer, comment),
});

/*
 * Staff. A site has one owner (the first account created on it, or named with `npm run admin`),
 * admins (the site's settings and the staff roles below admin), moderators (members' standing) and
 * members. Roles rank in that order; nobody changes their own role, and staff act only on those
 * ranked below them, so a moderator never acts on staff and the owner is never demoted or removed:
 * ownership only moves by transfer.
 */

export const ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A member's standing: `silenced` reads but may put nothing before others (publish, comment, like,
 * follow, subscribe, upload, change their profile); `suspended` may not sign in at all.
 */
export const STANDINGS = ['active', 'silenced', 'suspended'] as const;
export type Standing = (typeof STANDINGS)[number];

/**
 * Whether a member's words are vouched for: `auto` (every account's start) until `trustedAfter` of
 * their blogs have reached readers, or as a moderator set it by hand. A member not yet trusted has
 * their links marked `rel="ugc nofollow"` and, where the site reviews new members, their blogs
 * wait for a moderator's approval. Staff are always trusted.
 */
export const TRUSTS = ['auto', 'trusted', 'untrusted'] as const;
export type Trust = (typeof TRUSTS)[number];

/** A member as the trust rule needs them: their role, their trust, and how many of their blogs readers see. */
export interface TrustSubject {
  role: Role;
  trust: Trust;
  totalPosts: number;
}

export const isTrusted = (member: TrustSubject, trustedAfter: number): boolean =>
  isStaff(member.role) || member.trust === 'trusted' || (member.trust === 'auto' && member.totalPosts >= trustedAfter);

/** A signed-in person as the staff rules need them. */
export interface Actor {
  id: string;
  role: Role;
}

const RANK: Record<Role, number> = { member: 0, moderator: 1, admin: 2, owner: 3 };

export const isStaff = (role: Role): boolean => RANK[role] >= RANK.moderator;

/** Sees the members, the moderation log and (later) the reports. */
export const canModerate = (actor: Actor | null): boolean => actor !== null && isStaff(actor.role);

/** Changes the site's settings (who may join, …). */
export const canManageSite = (actor: Actor | null): boolean => actor !== null && RANK[actor.role] >= RANK.admin;

/** Silences, suspends or restores `target`: staff, on someone ranked below them, never themselves. */
export const canActOnMember = (actor: Actor | null, target: Actor): boolean =>
  actor !== null && actor.id !== target.id && isStaff(actor.role) && RANK[target.role] < RANK[actor.role];

/** Deletes `target`'s account and all its content: an admin or the owner, on someone ranked below them. */
export const canDeleteMember = (actor: Actor | null, target: Actor): boolean =>
  canManageSite(actor) && canActOnMember(actor, target);

/**
 * Gives `target` the role `role`: an admin or the owner, to someone ranked below them, a role below
 * their own (so an admin names moderators, the owner admins). Never `owner`: that is a transfer.
 */
export const canSetRole = (actor: Actor | null, target: Actor, role: Role): boolean =>
  actor !== null &&
  actor.id !== target.id &&
  RANK[actor.role] >= RANK.admin &&
  RANK[target.role] < RANK[actor.role] &&
  RANK[role] < RANK[actor.role];

/** Hands the site to another member in good standing: the owner alone, who becomes an admin. */
export const canTransferOwnership = (actor: Actor | null, target: Actor & { standing: Standing }): boolean =>
  actor !== null && actor.role === 'owner' && actor.id !== target.id && target.standing === 'active';

/** What the signed-in person may do on the site: the `can` of /api/user/me, from which the web app shows staff screens. */
export const siteCan = (actor: Actor | null) => ({
  moderate: canModerate(actor),
  manageSite: canManageSite(actor),
});
