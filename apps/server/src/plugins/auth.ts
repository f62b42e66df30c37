import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '@inkwell/contracts';
import { unauthorized } from '../http-error.ts';
import { userOfToken, type SessionUser } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler for (A) endpoints: 401 unless a live session token is sent. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler for public endpoints that behave differently for a signed-in reader. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1];
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);

  async function resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const token = bearer(request);
    return token ? userOfToken(app.db, token) : null;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw unauthorized(Messages.unauthorized);
  });
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await resolve(request);
  });
}
