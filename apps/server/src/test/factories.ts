import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Session } from '@inkwell/contracts';
import { proofOfWork } from './proof-of-work.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TestUser {
  session: Session;
  token: string;
  email: string;
  password: string;
  fullname: string;
  username: string;
}

let counter = 0;
/** A short string no other test run or test has: time, a counter and randomness. */
export const uniqueId = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** Signs a new user up through the API, the way a person would. */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<{ fullname: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const body = {
    fullname: overrides.fullname ?? 'Test Writer',
    email: overrides.email ?? `writer.${uniqueId()}@example.com`,
    password: overrides.password ?? 'Secret123',
  };
  let res = await app.inject({ method: 'POST', url: '/api/user/signup', payload: body });
  // Where the site asks for a proof of work (its setting, or the spam-wave switch), one is solved, as a browser would.
  if (res.statusCode === 400 && res.json<{ code: string }>().code === 'proof_of_work_required') {
    const altcha = await proofOfWork(app);
    res = await app.inject({ method: 'POST', url: '/api/user/signup', payload: { ...body, altcha } });
  }
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = res.json<Session>();
  return { session, token: session.access_token, username: session.username, ...body };
}

/** POSTs JSON as a signed-in user (or anonymously without a token). */
export function post(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
}

/** A blog body that passes every publish rule (docs/product/rules.md); override what a test is about. */
export function publishableBlog(overrides: Record<string, unknown> = {}) {
  return {
    title: 'A walk in the hills',
    banner: '/uploads/banner.webp',
    des: 'Notes from a long walk.',
    content: [
      { time: 1, version: '2.31.0', blocks: [{ id: 'p1', type: 'paragraph', data: { text: 'We left early.' } }] },
    ],
    tags: ['travel'],
    draft: false,
    ...overrides,
  };
}

/** Creates (publishes, unless `draft: true`) a blog through the API; answers its blog_id. */
export async function buildBlog(
  app: FastifyInstance,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await post(app, '/api/blog/create-blog', publishableBlog(overrides), user.token);
  if (res.statusCode !== 200) throw new Error(`create-blog failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** Uploads an image through the API, as the editor does; answers what the server stored (its URL and size). */
export async function uploadImage(
  app: FastifyInstance,
  user: TestUser,
  bytes: Buffer,
  type = 'image/png',
): Promise<{ url: string; width: number; height: number }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'image');
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: form,
    headers: bearer(user.token),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().file;
}
