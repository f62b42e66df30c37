/** What other modules may use of users: the one owner of the users table, its counters and its password writer. */
export { createUser, type NewAccount } from './users.service.ts';
export {
  addAuthorReads,
  addToAuthorCounters,
  addToFollowCounters,
  countAuthors,
  countFollowers,
  countPostsBy,
  countPostsOfAuthors,
  findOwnProfile,
  findPasswordHash,
  findUserByEmail,
  findUserByGoogleSub,
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
