import { SocialLinks, type UserCard, type UserProfile } from '@inkwell/contracts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import type { UserRow } from '../users/index.ts';
import type { UserCardRow } from './profiles.repository.ts';

export function presentUserCard(row: UserCardRow): UserCard {
  shows(Tags.member(row.id));
  return { personal_info: { fullname: row.fullname, username: row.username, profile_img: row.profileImg } };
}

/** docs/product/data.md User profile as anyone may see it: never the e-mail, password or Google account. */
export function presentProfile(row: UserRow): UserProfile {
  return {
    _id: row.id,
    personal_info: { ...presentUserCard(row).personal_info, bio: row.bio },
    account_info: {
      total_posts: row.totalPosts,
      total_reads: row.totalReads,
      total_followers: row.totalFollowers,
      total_following: row.totalFollowing,
    },
    social_links: SocialLinks.parse(row.socialLinks),
    joinedAt: row.joinedAt.toISOString(),
  };
}
