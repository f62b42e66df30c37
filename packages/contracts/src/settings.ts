import { z } from 'zod';
import { ImageUrl } from './image-url.ts';
import { ROLES, STANDINGS } from './policies.ts';

const link = z.string().max(2048).default('');

export const SocialLinks = z.object({
  instagram: link,
  facebook: link,
  twitter: link,
  website: link,
  linkedin: link,
  github: link,
});
export type SocialLinks = z.infer<typeof SocialLinks>;

/** Only these fields of a profile can change; anything else in the body is dropped. */
export const UpdateProfileBody = z.object({
  // Missing is empty: docs/product/rules.md's 'Username must be atleast 3 characters long'.
  username: z.string().max(1000).default(''),
  bio: z.string().max(10_000).default(''),
  social_links: SocialLinks.default(SocialLinks.parse({})),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
export const UpdateProfileResponse = z.object({ username: z.string() });

export const UpdateProfileImgBody = z.object({ url: z.string().min(1).max(2048) });
export const UpdateProfileImgResponse = z.object({ profile_img: ImageUrl });

/** What the edit-profile screen shows: the signed-in user's own profile, e-mail included. */
export const MyProfileResponse = z.object({
  personal_info: z.object({
    fullname: z.string(),
    username: z.string(),
    email: z.string(),
    profile_img: ImageUrl,
    bio: z.string(),
  }),
  social_links: SocialLinks,
  /** The signed-in user's place on the site (policies.ts), and what it lets them do. */
  role: z.enum(ROLES),
  standing: z.enum(STANDINGS),
  can: z.object({ moderate: z.boolean(), manageSite: z.boolean() }),
  /**
   * The site asks members to confirm their e-mail address now and yours is not confirmed: until you
   * follow the mailed link, publishing and commenting answer 403 `email_unverified`.
   */
  emailUnverified: z.boolean(),
  /** Whether the account has a password: one made with Google alone confirms its deletion with Google instead. */
  hasPassword: z.boolean(),
});
export type MyProfileResponse = z.infer<typeof MyProfileResponse>;

/** How fresh the Google sign-in that confirms an account's deletion must be. */
export const DELETE_CONFIRMATION_MAX_AGE_SECONDS = 300;

/**
 * `POST /api/account/delete`: the signed-in member deletes their own account for good. They prove
 * it is them as they would sign in: an account with a password sends it; one made with Google alone
 * sends `credential`, a Google ID token from a sign-in of the last 5 minutes (as Google Identity
 * Services names it). What goes and what stays: docs/product/rules.md Deleting an account.
 */
export const DeleteAccountBody = z.object({
  password: z.string().max(1000).optional(),
  credential: z.string().max(10_000).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
export const DeleteAccountResponse = z.object({ deleted: z.literal(true) });
/** What the app says once the account is gone (on the home page, signed out). */
export const ACCOUNT_DELETED = 'Your account was deleted';
