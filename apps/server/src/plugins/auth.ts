import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { canManageSite, type FixedErrorCode, type Role, type Standing } from '@inkwell/contracts';
import { forbidden, unauthorized } from '../http-error.ts';

/** The signed-in user of a request, as its session names them. */
export interface SessionUser {
  id: string;
  sessionId: string;
  username: string;
  fullname: string;
  profileImg: string;
  role: Role;
  /** Never `suspended`: a suspended member's sessions name nobody. */
  standing: Standing;
  /** Joined less than a day ago, on a site that limits young accounts more tightly (plugins/rate-limits.ts). */
  limitedAsNew: boolean;
  /** Their e-mail address is not confirmed, on a site that asks for it now (site-settings.ts `defenceOn`). */
  emailUnverified: boolean;
}

/**
 * What a route asks of the signed-in member beyond a session: `active`, putting something before
 * others (a silenced member may not); `verified`, publishing or commenting, which also waits for a
 * confirmed e-mail address where the site asks for one.
 */
export type MemberCheck = 'active' | 'verified';

/** Who a bearer token belongs to, or null: the auth module's sessions, handed over by buildApp (plugins sit below modules). */
export type SessionLookup = (token: string) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /**
     * preValidation for (A) endpoints: 401 unless a live session token is sent. Before validation,
     * so a stranger hears that they must sign in, whatever they sent.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** requireUser refusing with the refusal given (docs/product/rules.md's own words for a like), and checking `check`. */
    requireUserSaying: (code: FixedErrorCode, check?: MemberCheck) => (request: FastifyRequest) => Promise<void>;
    /**
     * requireUser for the endpoints that put something before others (publish, comment, like,
     * follow, subscribe, upload, a profile): 403 `account_silenced` for a silenced member.
     */
    requireActiveUser: (request: FastifyRequest) => Promise<void>;
    /** requireActiveUser for publishing and commenting: 403 `email_unverified` too (`assertVerified`). */
    requireVerifiedUser: (request: FastifyRequest) => Promise<void>;
    /** Hook for public endpoints that behave differently for a signed-in reader. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1];
}

/** The hooks that answer 401 without a live session: a route with one takes a bearer token (the OpenAPI document says so). */
const sessionChecks = new WeakSet<object>();
export const requiresSession = ({ preValidation }: Pick<RouteOptions, 'preValidation'>) =>
  [preValidation].flat().some((hook) => hook !== undefined && sessionChecks.has(hook));

/** The user of a route that requires one: its `requireUser` hook (or one like it) ran first. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user)
    throw new Error(`${request.method} ${request.routeOptions.url} reads the signed-in user but does not require one`);
  return request.user;
}

/** preValidation after requireUser, for the admins' calls: 403 `admin_only` for anyone below admin. */
export async function requireAdmin(request: FastifyRequest) {
  if (!canManageSite(signedInUser(request))) throw forbidden('admin_only');
}

/** Refuses a silenced member: for a route that takes a session optionally and writes only when told (get-blog's edit mode). */
export function assertActive(user: SessionUser) {
  if (user.standing !== 'active') throw forbidden('account_silenced');
}

/**
 * Refuses a silenced member, and one whose address the site wants confirmed before they publish
 * or comment: for a route whose body says whether it publishes (create-blog's `draft`), so that
 * saving a draft never waits for a mail.
 */
export function assertVerified(user: SessionUser) {
  assertActive(user);
  if (user.emailUnverified) throw forbidden('email_unverified');
}

const CHECKS: Record<MemberCheck, (user: SessionUser) => void> = { active: assertActive, verified: assertVerified };

export function registerAuth(app: FastifyInstance, userOfToken: SessionLookup) {
  app.decorateRequest('user', null);

  async function resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const token = bearer(request);
    return token ? userOfToken(token) : null;
  }

  const requireUserSaying = (code: FixedErrorCode, memberCheck?: MemberCheck) => {
    const check = async (request: FastifyRequest) => {
      request.user = await resolve(request);
      if (!request.user) throw unauthorized(code);
      if (memberCheck) CHECKS[memberCheck](request.user);
    };
    sessionChecks.add(check);
    return check;
  };
  app.decorate('requireUserSaying', requireUserSaying);
  app.decorate('requireUser', requireUserSaying('unauthorized'));
  app.decorate('requireActiveUser', requireUserSaying('unauthorized', 'active'));
  app.decorate('requireVerifiedUser', requireUserSaying('unauthorized', 'verified'));
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await resolve(request);
  });
}
