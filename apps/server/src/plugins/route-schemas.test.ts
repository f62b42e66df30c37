import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorMessages, Messages } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { registerErrorHandler } from './errors.ts';
import { registerRouteSchemas } from './route-schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('declared request schemas', () => {
  it('refuse a body in the words parse used, naming the field', async () => {
    const res = await post('/api/blog/latest-blogs', { page: 'two' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'page must be a number', code: 'validation_failed' });
    expect((await post('/api/blog/get-blog', {})).json()).toEqual({
      error: 'blog_id is required',
      code: 'validation_failed',
    });
    expect((await post('/api/blog/get-blog', [])).json()).toEqual({
      error: 'The request body must be a JSON object',
      code: 'validation_failed',
    });
  });

  it('are checked after the session, so a stranger hears that they must sign in whatever they sent', async () => {
    const like = await post('/api/blog/like-blog', { _id: 42 });
    expect(like.statusCode).toBe(401);
    expect(like.json()).toEqual({ error: Messages.loginToLike, code: 'like_unauthorized' });
    const create = await post('/api/blog/create-blog', { title: 42 });
    expect(create.statusCode).toBe(401);
    expect(create.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });
});

describe('declared answers', () => {
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    registerRouteSchemas(app);
    const routes: FastifyPluginAsyncZod = async (instance) => {
      const Answer = z.object({ username: z.string() });
      const leaky = { username: 'ann', password_hash: 'secret' };
      instance.get('/shaped', { schema: { response: { 200: Answer } } }, async () => leaky);
      instance.get(
        '/wrong',
        { schema: { response: { 200: Answer } } },
        async () => ({ username: 42 }) as unknown as z.infer<typeof Answer>,
      );
    };
    await app.register(routes);
  });
  afterAll(() => app.close());

  it('leave out every field their schema does not name', async () => {
    const res = await app.inject({ method: 'GET', url: '/shaped' });
    expect(res.json()).toEqual({ username: 'ann' });
    expect(res.body).not.toContain('secret');
  });

  it('that break their schema are a 500 that says nothing of them', async () => {
    const res = await app.inject({ method: 'GET', url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('42');
  });
});
