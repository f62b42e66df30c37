import type { BlockedUser } from '@inkwell/contracts';
import type { BlockedRow } from './blocks.repository.ts';

export const presentBlockedUser = (row: BlockedRow): BlockedUser => ({
  username: row.username,
  fullname: row.fullname,
  profile_img: row.profileImg,
});
