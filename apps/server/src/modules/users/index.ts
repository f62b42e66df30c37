/** What other modules may use of users: the one owner of the users table, its counters, its password writer, and an account's deletion (the `leaving` event). */
export { deleteAccount, type UserEventHandlers } from './leaving.ts';
export { createUser } from './users.service.ts';
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
  type UserRow,
} from './users.repository.ts';
