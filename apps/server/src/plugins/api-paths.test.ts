import type { FastifySchema, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PATHS, FORM_DATA, type ApiCall } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { isUndocumented } from './openapi.ts';

/*
 * The contracts' map of the API (packages/contracts/src/api-paths.ts) is what the web app and the
 * OpenAPI document take a call to be: here the server's routes are held to it, both ways.
 */

interface Route {
  method: string;
  url: string;
  schema: FastifySchema;
}

let t: TestApp;
const routes: Route[] = [];
beforeAll(async () => {
  // Every method of every route but HEAD, which Fastify adds to each GET.
  const heard = (route: RouteOptions) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema ?? {} });
  };
  t = await buildTestApp({}, undefined, undefined, heard);
});
afterAll(() => t.close());

/** A route's success answer as it declares it: a zod schema, or the description of an answer that is not JSON. */
const successAnswer = ({ response }: FastifySchema) =>
  Object.entries((response ?? {}) as Record<string, unknown>).find(([status]) => Number(status) < 300)?.[1];

/** The routes of the JSON API: under /api (and POST /notifications, the one call without the prefix), answering JSON; not the docs page's. */
const isJsonApi = (route: Route) =>
  (route.url.startsWith('/api/') || route.url === '/notifications') &&
  !isUndocumented(route) &&
  successAnswer(route.schema) instanceof z.ZodType;

const named = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;
const mapped = Object.entries(API_PATHS).map(([url, call]: [string, ApiCall]) => ({ url, ...call }));

/** The same schema: the same object, or one of the same form (its JSON Schema). */
const sameSchema = (declared: unknown, expected: unknown) =>
  declared === expected ||
  (declared instanceof z.ZodType &&
    expected instanceof z.ZodType &&
    JSON.stringify(z.toJSONSchema(declared)) === JSON.stringify(z.toJSONSchema(expected)));

describe('the routes and the map of the API', () => {
  it('has every JSON route of the API in the map', () => {
    const api = routes.filter(isJsonApi);
    expect(api.length).toBeGreaterThan(50);
    const missing = api.filter((route) => API_PATHS[route.url as keyof typeof API_PATHS]?.method !== route.method);
    expect(missing.map(named)).toEqual([]);
  });

  it('has a route for every call in the map', () => {
    const served = new Set(routes.map(named));
    expect(mapped.map(named).filter((call) => !served.has(call))).toEqual([]);
  });

  it("has each route declare the map's body, query, path parameters and answer", () => {
    const disagreements = mapped.flatMap((call) => {
      const route = routes.find((candidate) => named(candidate) === named(call));
      if (!route) return [];
      const { body, querystring, params } = route.schema;
      const form = (route.schema as { consumes?: string[] }).consumes?.includes(FORM_DATA) ?? false;
      const parts = {
        body: call.body === FORM_DATA ? form && body === undefined : !form && sameSchema(body, call.body),
        query: sameSchema(querystring, call.query),
        params: sameSchema(params, call.params),
        answer: sameSchema(successAnswer(route.schema), call.answer),
        accepted: sameSchema((route.schema.response as Record<number, unknown> | undefined)?.[202], call.accepted),
      };
      return Object.entries(parts)
        .filter(([, agrees]) => !agrees)
        .map(([part]) => `${named(call)}: ${part}`);
    });
    expect(disagreements).toEqual([]);
  });

  it('notices a route that declares another schema than the map', () => {
    expect(sameSchema(API_PATHS['/api/blog/like-blog'].body, API_PATHS['/api/blog/like-blog'].body)).toBe(true);
    expect(sameSchema(API_PATHS['/api/blog/like-blog'].body, API_PATHS['/api/blog/bookmark'].body)).toBe(false);
    expect(sameSchema(z.object({ _id: z.string() }), API_PATHS['/api/user/isliked-by-user'].body)).toBe(true);
    expect(sameSchema(undefined, API_PATHS['/api/user/isliked-by-user'].body)).toBe(false);
  });
});
