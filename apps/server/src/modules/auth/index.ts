/** What other modules (and buildApp, for plugins/auth) may use of auth: sessions and password hashing. */
export { signOutOtherSessions, userOfToken } from './auth.service.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts';
