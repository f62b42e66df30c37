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
});
export type MyProfileResponse = z.infer<typeof MyProfileResponse>;
