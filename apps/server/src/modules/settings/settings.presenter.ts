import { siteCan, SocialLinks, type MyProfileResponse } from '@inkwell/contracts';
import type { OwnProfileRow } from './settings.repository.ts';

/** The signed-in user's own profile for the edit screen (e-mail included, nothing else private). */
export function presentOwnProfile(row: OwnProfileRow): MyProfileResponse {
  return {
    personal_info: {
      fullname: row.fullname,
      username: row.username,
      email: row.email,
      profile_img: row.profileImg,
      bio: row.bio,
    },
    social_links: SocialLinks.parse(row.socialLinks),
    role: row.role,
    standing: row.standing,
    can: siteCan(row),
  };
}
