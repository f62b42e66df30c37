/** What other modules may use of users: the one owner of the users table, its counters and its password writer. */
export { createUser, type NewAccount } from './users.service.ts';
export {
  addAuthorReads,
  addToAuthorCounters,
  addToFollowCounters,
  anyUserExists,
  countFollowers,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserByUsername,
  setPasswordHash,
  updateProfile,
  updateProfileImg,
  type UserRow,
} from './users.repository.ts';
