import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_GROUPS, API_PATHS, type ApiCall } from '@inkwell/contracts';
import { requiresSession } from './auth.ts';
import { SOFTWARE_NAME } from '../software-version.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The routes the document leaves out on purpose, and only these: the web app's catch-all page (any
 * path its router knows), the files of its build (@fastify/static marks each with `config.file`) and
 * the routes of the docs page itself. Every other route is in the document (openapi.test.ts checks).
 */
export const isUndocumented = ({ url, config }: Pick<RouteOptions, 'url' | 'config'>) =>
  url === '/*' ||
  url === DOCS_PATH ||
  url.startsWith(`${DOCS_PATH}/`) ||
  (config as { file?: string } | undefined)?.file !== undefined;

/** The groups of the routes that are no JSON call of the map: what a browser, a feed reader or another server reads. */
const OTHER_GROUPS = {
  pages: "The reading pages, rendered on the server with their data (every other path is the web app's page too).",
  feeds: 'Feeds of the site, of each author and of each tag (Atom, JSON Feed, RSS), the sitemap and robots.txt.',
  federation: 'ActivityPub, on with PUBLIC_URL: WebFinger, NodeInfo, actors, inboxes, outboxes and articles.',
} as const;
type Group = keyof typeof API_GROUPS | keyof typeof OTHER_GROUPS;

/** The routes the map of the API does not hold, by their Fastify URL: their group and summary. */
const OTHER_ROUTES: [url: RegExp, group: Group, summary: string][] = [
  [/^\/$/, 'pages', 'The home page'],
  [/^\/blog\/:blog_id$/, 'pages', "A blog's page"],
  [/^\/user\/:username$/, 'pages', "A user's profile page"],
  [/^\/search\/:query$/, 'pages', 'The page of a search'],
  [/^\/preview\/:token$/, 'pages', "A draft's preview page, which its secret link opens"],
  [/^\/(feed\.xml|feed\.json|rss\.xml)$/, 'feeds', "The site's newest blogs as a feed"],
  [/^\/user\/:username\/[^/]+$/, 'feeds', "An author's newest blogs as a feed"],
  [/^\/tag\/:tag\/[^/]+$/, 'feeds', "A tag's newest blogs as a feed"],
  [/^\/sitemap/, 'feeds', 'The sitemap: its index, or one of its pages'],
  [/^\/robots\.txt$/, 'feeds', 'Where crawlers may go, and where the sitemap is'],
  [/^\/api\/share-image\.png$/, 'identity', 'The picture link previews of the site show, drawn with its name'],
  [/^\/icons\/:name$/, 'identity', "The site's icon at one of its sizes (PNG), drawn from the icon its admins chose"],
  [/^\/manifest\.webmanifest$/, 'identity', 'The web app manifest: the site as an app on a phone'],
  [/^\/uploads\/:key$/, 'uploads', 'A stored image, a WebP copy of it, or its copy for link previews'],
  [/^\/api\/avatar\/:seed$/, 'uploads', 'A default profile picture, drawn from a seed (SVG, or PNG)'],
  [
    /^\/api\/account\/export$/,
    'settings',
    'A zip of everything the signed-in member put in (the export format of docs/product/data.md)',
  ],
  [/^\/api\/admin\/export$/, 'staff', 'A zip of the whole site (the export format of docs/product/data.md; admins)'],
  [/^\/api\/notification\/stream$/, 'notifications', 'New notifications as they come (server-sent events)'],
  [/^\/metrics$/, 'system', 'Metrics in the Prometheus text format, for this machine or the token of METRICS_TOKEN'],
  [/^\/\.well-known\/webfinger$/, 'federation', 'WebFinger: the ActivityPub actor of an account'],
  [/^\/(\.well-known\/nodeinfo|nodeinfo\/)/, 'federation', 'NodeInfo: what software this server runs'],
  [/^\/ap\//, 'federation', 'ActivityPub: actors, inboxes, outboxes and articles'],
];

/** How the document shows a route: its group (the operation's tag) and one line of what it does; the map of the API's, or OTHER_ROUTES'. */
export function documentedAs(method: string, url: string): { group: Group; summary: string } | undefined {
  const call: ApiCall | undefined = Object.hasOwn(API_PATHS, url)
    ? API_PATHS[url as keyof typeof API_PATHS]
    : undefined;
  if (call?.method === method) return call;
  const other = OTHER_ROUTES.find(([pattern]) => pattern.test(url));
  return other && { group: other[1], summary: other[2] };
}

const WILDCARD = /\/\*$/;
/**
 * A route's URL as the document writes it: Fastify's wildcard (`/ap/*`) is a `path` parameter for the rest of
 * the address (OpenAPI has no wildcard; @fastify/swagger's own `{*}` names a parameter no path template can hold).
 */
export const documentedUrl = (url: string) => url.replace(WILDCARD, '/:path');
const restOfPath = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The rest of the address, slashes included (such as `users/<id>/inbox`)' },
  },
  required: ['path'],
};

type Operations = Record<string, { operationId?: string; tags?: string[] }>;

/**
 * Each operation's id, for clients generated from the document: its path's words in camelCase, `/api/` left
 * out and a parameter as `by<Name>` (`POST /api/blog/like-blog` is `blogLikeBlog`, `GET /user/{username}/rss.xml`
 * `userByUsernameRssXml`, `GET /` `home`), led by the method where a path has more than one.
 */
const withOperationIds = (paths: Record<string, Operations>) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => {
      const words = path
        .replace(/^\/api\//, '/')
        .replace(/\{(\w+)\}/g, 'by-$1')
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean);
      const methods = Object.keys(operations);
      const named = Object.entries(operations).map(([method, operation]) => {
        const id = (methods.length > 1 ? [method, ...words] : words.length ? words : ['home'])
          .map((word, i) => (i ? word[0]!.toUpperCase() + word.slice(1) : word))
          .join('');
        return [method, { operationId: id, ...operation }];
      });
      return [path, Object.fromEntries(named)];
    }),
  );

/** The document's list of tags: each group that has a route, in the order above, with what it is about. */
const tagsOf = (paths: Record<string, Operations>) => {
  const operations = Object.values(paths).flatMap((item) => Object.values(item));
  const used = new Set(operations.flatMap((operation) => operation.tags ?? []));
  return Object.entries({ ...API_GROUPS, ...OTHER_GROUPS })
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
};

/**
 * `GET /api/openapi.json`: an OpenAPI 3.1 document generated from the routes' declared schemas
 * (so it cannot drift from what the server checks and answers), and `/api/docs`, a page that shows it
 * (Swagger UI, served from this server), each call in its group with its summary (the map of the API,
 * packages/contracts/src/api-paths.ts). Registered before the routes, whose declarations it collects.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SOFTWARE_NAME} API`,
        version: '1',
        description:
          `Every call of ${SOFTWARE_NAME}, grouped by module; docs/api.md in the repository says what each does, its rules and its errors. ` +
          'Errors answer `{ "error": "<message a user can read>", "code": "<stable id>" }`: programs branch on `code`, stable for ever ' +
          '(packages/contracts/src/error-codes.ts lists them with their messages). ' +
          'Calls that need a session take `Authorization: Bearer <access_token>` (the session’s token from sign-in).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input);
      if (!('paths' in document) || !document.paths) return document;
      const paths = withOperationIds(document.paths as Record<string, Operations>);
      return { ...document, paths, tags: tagsOf(paths) };
    },
    transform: (input) => {
      if (isUndocumented(input.route)) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      const wildcard = WILDCARD.test(input.route.url);
      const url = documentedUrl(transformed.url);
      const schema = wildcard ? { ...transformed.schema, params: restOfPath } : transformed.schema;
      const shown = documentedAs([input.route.method].flat()[0]!, input.route.url);
      const grouped = shown ? { ...schema, summary: shown.summary, tags: [shown.group] } : schema;
      // A call that needs a session says so, and the page's Authorize button sends the token.
      return { url, schema: requiresSession(input.route) ? { ...grouped, security: [{ bearer: [] }] } : grouped };
    },
  });
  // The groups are listed closed, each opening onto its calls: Swagger UI renders 126 calls or more open at once
  // only in part (its first two groups, then nothing).
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'none' } });

  // Not in the read cache: it is built once and kept by @fastify/swagger.
  app.get(OPENAPI_PATH, { schema: { response: { 200: API_PATHS[OPENAPI_PATH].answer } } }, async () => app.swagger());
}
