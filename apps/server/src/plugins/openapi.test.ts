import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@inkwell/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { fakeWebDist } from '../test/web-dist.ts';
import { DOCS_PATH, documentedAs, documentedUrl, isUndocumented, OPENAPI_PATH } from './openapi.ts';

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; description?: string }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown;
  summary?: string;
  tags?: string[];
};
type Document = {
  openapi: string;
  info: { description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
};

const routes: RouteOptions[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
let doc: Document;

beforeAll(async () => {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    READ_FLUSH_SECONDS: '0',
    WEB_DIST: fakeWebDist(),
    // The fediverse's routes are only there with a public address.
    PUBLIC_URL: 'https://inkwell.example',
  });
  app = await buildApp({ config, database, onRoute: (route) => void routes.push(route) });
  await app.ready();
  close = async () => {
    await app.close();
    await database.drop();
  };
  const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => close());

/** Fastify's `/a/:b`, `/sitemap-x-:page(^[0-9]+).xml` and `/ap/*` as OpenAPI writes them: `/a/{b}`, `/sitemap-x-{page}.xml`, `/ap/{path}`. */
const openApiPath = (url: string) => documentedUrl(url).replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const operation = (method: string, url: string) => doc.paths[openApiPath(url)]?.[method.toLowerCase()];

/** Every call of the original contract (docs/api.md marks them), and whether it needs a token (A). */
const CONTRACT_CALLS: [string, string, boolean][] = [
  ['POST', '/api/user/signin', false],
  ['POST', '/api/user/signup', false],
  ['POST', '/api/user/google-auth', false],
  ['GET', '/api/notification/new-notification', true],
  ['POST', '/api/blog/create-blog', true],
  ['POST', '/api/blog/get-blog', false],
  ['POST', '/api/blog/latest-blogs', false],
  ['POST', '/api/blog/all-latest-blogs-count', false],
  ['POST', '/api/blog/search-blogs', false],
  ['POST', '/api/blog/search-blogs-count', false],
  ['GET', '/api/blog/trending-blogs', false],
  ['POST', '/api/blog/like-blog', true],
  ['POST', '/api/user/isliked-by-user', true],
  ['POST', '/api/user/search-users', false],
  ['POST', '/api/user/get-profile', false],
  ['POST', '/api/user/update-profile', true],
  ['POST', '/api/user/update-profile-img', true],
  ['POST', '/api/user/change-password', true],
  ['POST', '/api/comment/add-comment', true],
  ['POST', '/api/comment/get-blog-comments', false],
  ['POST', '/api/comment/get-replies', false],
  ['POST', '/api/comment/delete-comment', true],
  ['POST', '/notifications', true],
  ['POST', '/api/notification/all-notifications-count', true],
];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has every route the server registers, but the deliberate exclusions', () => {
    const missing = routes
      .flatMap((route) => [route.method].flat().map((method) => ({ ...route, method })))
      .filter((route) => route.method !== 'HEAD' && !isUndocumented(route))
      .filter((route) => !operation(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    // The exclusions are what they say: the SPA's catch-all and files, the docs page.
    expect(routes.filter((route) => isUndocumented(route)).map((route) => route.url)).toEqual(
      expect.arrayContaining(['/*', '/index.html', DOCS_PATH]),
    );
  });

  it('has every call of the original contract with its answer; those that need a token say so, and answer 401', () => {
    for (const [method, url, signedIn] of CONTRACT_CALLS) {
      const call = operation(method, url);
      expect(call?.responses, `${method} ${url}`).toHaveProperty('200');
      if (signedIn) expect(call?.responses, `${method} ${url}`).toHaveProperty('401');
      expect(call?.security, `${method} ${url}`).toEqual(signedIn ? [{ bearer: [] }] : undefined);
    }
  });

  it('lists the error statuses a call can answer', () => {
    expect(Object.keys(operation('POST', '/api/blog/like-blog')!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '429', '500']),
    );
    expect(Object.keys(operation('POST', '/api/user/signin')!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
    expect(Object.keys(operation('POST', '/api/blog/read')!.responses)).toEqual(expect.arrayContaining(['204', '400']));
  });

  it('says every error answer carries a code, one of the catalogue', () => {
    expect(operation('POST', '/api/blog/like-blog')!.responses['401']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: { error: { type: 'string' }, code: { $ref: '#/components/schemas/ErrorCode' } },
            required: ['error', 'code'],
          },
        },
      },
    });
    expect(doc.components.schemas.ErrorCode!.enum).toEqual(ERROR_CODES);
  });

  it('groups every operation by module (its tag), with a summary, and describes each group', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, call]) => ({ name: `${method.toUpperCase()} ${path}`, ...call })),
    );
    expect(operations.filter(({ name }) => name.includes(' /api/')).length).toBeGreaterThan(50);
    for (const { name, summary, tags } of operations) {
      expect(summary, name).toMatch(/^\S[^\n]*$/);
      expect(tags, name).toHaveLength(1);
      expect(
        doc.tags.map((tag) => tag.name),
        name,
      ).toContain(tags![0]);
    }
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S/);
    expect(operation('POST', '/api/blog/like-blog')).toMatchObject({ tags: ['likes'], summary: expect.any(String) });
    expect(operation('POST', '/notifications')).toMatchObject({ tags: ['notifications'] });
  });

  it('says where the calls are described and what an error answers', () => {
    expect(doc.info.description).toContain('docs/api.md');
    expect(doc.info.description).not.toContain('SPEC');
    expect(doc.info.description).toContain('{ "error": "<message a user can read>", "code": "<stable id>" }');
  });

  it("groups the fediverse's routes too, which only a server with PUBLIC_URL has", () => {
    for (const url of ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*'])
      expect(documentedAs('GET', url), url).toMatchObject({ group: 'federation' });
  });

  it('names every operation with an id of its own, made from its path', () => {
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((call) => call.operationId));
    expect(
      ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id ?? '')),
      ids.join(' '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('POST', '/api/blog/like-blog')?.operationId).toBe('blogLikeBlog');
    expect(operation('GET', '/user/:username/rss.xml')?.operationId).toBe('userByUsernameRssXml');
    expect(operation('GET', '/')?.operationId).toBe('home');
  });

  it("writes ActivityPub's wildcard route as a path with a described parameter", () => {
    expect(Object.keys(doc.paths).filter((url) => url.startsWith('/ap/'))).toEqual(['/ap/{path}']);
    for (const method of ['get', 'post'])
      expect(doc.paths['/ap/{path}']![method]!.parameters).toEqual([
        expect.objectContaining({ name: 'path', in: 'path', description: expect.stringMatching(/\S/) }),
      ]);
  });

  it('describes JSON Feed as a JSON object, the other feeds as text', () => {
    expect(operation('GET', '/feed.json')!.responses['200']!.content).toEqual({
      'application/feed+json': { schema: { type: 'object' } },
    });
    expect(operation('GET', '/feed.xml')!.responses['200']!.content).toEqual({
      'application/atom+xml': { schema: { type: 'string' } },
    });
  });

  it("passes Redocly's lint with its `spec` ruleset, without an error or a warning", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'inkwell-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    // The same command docs/testing.md gives to run by hand; no telemetry or update check leaves the machine.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const lint = await promisify(execFile)(process.execPath, [cli, 'lint', '--extends=spec', '--format=json', file], {
      env,
    }).catch((failed: { stdout: string }) => failed);
    const report = JSON.parse(lint.stdout) as { totals: object; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

describe(DOCS_PATH, () => {
  it('shows the document as a page whose scripts and styles this server serves', async () => {
    const page = await app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await app.inject({ method: 'GET', url: new URL(asset, `http://localhost${DOCS_PATH}`).pathname });
      expect(res.statusCode, asset).toBe(200);
    }
  });
});
