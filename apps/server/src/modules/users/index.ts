/** What other modules may use of users: the one owner of the users table, its counters and its password writer. */
export { createUser, type NewAccount } from './users.service.ts';
export {
  addAuthorReads,
  addToAuthorCounters,
  countAuthors,
  countPostsBy,
  findOwnProfile,
  findPasswordHash,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserByUsername,
  listAuthors,
  searchUsers,
  setPasswordHash,
  updateProfile,
  updateProfileImg,
  type OwnProfileRow,
  type UserCardRow,
  type UserRow,
} from './users.repository.ts';
