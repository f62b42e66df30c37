import { siteCan, SocialLinks, type MyProfileResponse } from '@inkwell/contracts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { OwnProfileRow } from './settings.repository.ts';

/** The signed-in user's own profile for the edit screen (e-mail included, nothing else private). */
export function presentOwnProfile(
  row: OwnProfileRow,
  { emailUnverified }: Pick<SessionUser, 'emailUnverified'>,
): MyProfileResponse {
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
    emailUnverified,
    hasPassword: row.hasPassword,
  };
}
