import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { errorBody } from './http-error.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCors } from './plugins/cors.ts';
import { answerClientError, answerFrameworkError, logSerializers, registerErrorHandler } from './plugins/errors.ts';
import { registerIdleCollection } from './plugins/idle-collection.ts';
import { registerImageUrls } from './plugins/image-urls.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPageTags } from './plugins/page-tags.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerReadCache } from './plugins/read-cache.ts';
import { registerReplicaReads, requestDb } from './plugins/replica-reads.ts';
import { registerRouteSchemas } from './plugins/route-schemas.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerShutdown } from './plugins/shutdown.ts';
import { registerSiteIdentity } from './plugins/site-identity.ts';
import { blockEventHandlers, blogEventHandlers, modules, userEventHandlers } from './modules/index.ts';
import { userOfToken } from './modules/auth/index.ts';
import type { LogStream } from './start-up.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The database a query goes to now: the primary, or the replica a reading request was sent to (plugins/replica-reads.ts). */
    db: Db;
    database: Database;
    /** The time now: the real clock, or a test's (scheduled publishing is decided by it). */
    clock: () => Date;
    sendSpa: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout as JSON (main: readable lines at a terminal). */
  logStream?: LogStream | undefined;
  /** Sees each route as it is added (a test lists them all). */
  onRoute?: (route: RouteOptions) => void;
  /** What time it is (the real clock by default): tests move it to make a scheduled blog due. */
  clock?: () => Date;
}

export async function buildApp({
  config,
  database,
  logger = false,
  logStream,
  onRoute,
  clock = () => new Date(),
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, serializers: logSerializers, ...(logStream && { stream: logStream }) }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path like /api/x%zz must answer 400/404 JSON, never crash the router.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A client that sends its request slowly, or nothing at all, is let go: thousands of them
    // must not hold connections and memory that real readers need. (Answers take as long as they
    // take: the notification stream stays open.) Fastify's keep-alive, 72 s, outlasts the idle
    // timeout of the usual proxies (60 s), which then close first and never reuse a closed socket.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutSeconds * 500),
    },
    // Stopping is ours (plugins/shutdown.ts): our 503, and a bound.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // The web plugin loads the server renderer (about 600 KB) as it starts: on a busy machine that
    // outlasted Fastify's 10 s for a plugin, and the server did not start at all.
    pluginTimeout: 60_000,
  });
  app.decorate('config', config);
  app.decorate('db', { getter: requestDb(database) });
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.decorate('blogEvents', blogEventHandlers);
  app.decorate('blockEvents', blockEventHandlers);
  app.decorate('userEvents', userEventHandlers);
  registerPageTags(app);
  if (onRoute) app.addHook('onRoute', onRoute);

  await registerCors(app);
  await registerCompression(app);
  registerErrorHandler(app);
  registerShutdown(app);
  registerIdleCollection(app);
  registerSecurityHeaders(app);
  registerJsonBody(app);
  // The mailer is the mail module's, decorated by the time a request is looked at.
  registerAuth(app, (token) => userOfToken(app.db, token, app.mailer.canMail));
  registerRouteSchemas(app);
  registerImageUrls(app);
  registerRateLimits(app);
  await registerOpenApi(app);
  await registerReadCache(app);
  registerReplicaReads(app);
  registerSiteIdentity(app);

  for (const module of modules) await app.register(module);

  // Every page the server knows nothing of is the web app's (modules/web); what reaches here is no page.
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('not_found')));
  return app;
}
