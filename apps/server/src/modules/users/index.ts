/** What other modules may use of users: the one owner of the users table, its counters, its password and e-mail confirmation writers, and an account's deletion (the `leaving` event). */
export { deleteAccount, type UserEventHandlers } from './leaving.ts';
export { createUser } from './users.service.ts';
export {
  addAuthorReads,
  addToAuthorCounters,
  addToFollowCounters,
  anyUserExists,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserByUsername,
  markEmailVerified,
  setPasswordHash,
  updateProfile,
  type UserRow,
} from './users.repository.ts';
