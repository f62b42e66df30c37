/**
 * Auth: sign-up, sign-in, sign-out, password reset. Others may use its sessions (buildApp hands
 * `userOfToken` to plugins/auth), its password hashing, its check of a fresh Google sign-in, and
 * the mail that lets a member whose account someone else made choose a password; `authModule` is
 * how buildApp registers it.
 */
export { authRoutes as authModule } from './auth.routes.ts';
export { isFreshGoogleSignIn, signOutOtherSessions, userOfToken } from './auth.service.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { mailSetPasswordLink } from './password-reset.service.ts';
export { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts';
