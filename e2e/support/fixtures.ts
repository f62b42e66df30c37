import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Session } from '@inkwell/contracts';
import { uniqueId, type TestUser } from '../../apps/server/src/test/factories.ts';
import { SITE_OWNER } from './site-owner.ts';

export { uniqueId, type TestUser };

/** Signs a new user up through the API (each test makes its own users). */
export async function createUser(request: APIRequestContext, fullname = 'Test Writer'): Promise<TestUser> {
  const body = { fullname, email: `e2e.${uniqueId()}@example.com`, password: 'Secret123' };
  const res = await request.post('/api/user/signup', { data: body });
  expect(res.status(), await res.text()).toBe(200);
  const session = (await res.json()) as Session;
  return { session, token: session.access_token, username: session.username, ...body };
}

/** The site's owner (made by start-stack.ts), signed in through the API. */
export async function ownerUser(request: APIRequestContext): Promise<TestUser> {
  const { email, password } = SITE_OWNER;
  const session = await apiPost<Session>(request, '/api/user/signin', { email, password });
  return { session, token: session.access_token, username: session.username, ...SITE_OWNER };
}

/**
 * Puts a session into this tab's sessionStorage before the app boots: the tab's own sign-in. Unlike
 * signing in through the form, it leaves the browser's shared copy, and so the context's other tabs, alone.
 */
export async function signIn(page: Page, user: TestUser) {
  await page.addInitScript((session) => {
    // Init scripts run in every frame; embedded players have no business with our session.
    if (window.top !== window) return;
    if (!sessionStorage.getItem('user')) sessionStorage.setItem('user', JSON.stringify(session));
  }, user.session);
}

/** POSTs JSON to the API, signed in as `user` when given. */
export async function apiPost<T = unknown>(
  request: APIRequestContext,
  url: string,
  data: unknown,
  user?: TestUser,
): Promise<T> {
  const res = await request.post(url, {
    data: data as object,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Runs in every page: keeps the text of each toast as it appears. A success toast lasts 2 seconds,
 * and a machine under load can stall past that between the click and the check.
 */
export function recordToasts() {
  if (window.top !== window) return;
  const shown: string[] = [];
  const last = new WeakMap<Element, string>();
  Object.assign(window, { __toasts: shown });
  new MutationObserver(() => {
    document.querySelectorAll('[role="status"]').forEach((toast) => {
      const text = toast.textContent ?? '';
      if (text && last.get(toast) !== text) shown.push(text);
      last.set(toast, text);
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Runs in every page: code evaluated from a string (`eval`, `new Function`), which the
 * Content-Security-Policy refuses, is a console error, so it fails the test like any other.
 * Chromium logs none when the refusal is caught, as zod's `new Function` probe catches it.
 */
export function reportRefusedEval() {
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.blockedURI === 'eval')
      console.error(
        `CSP violation: ${event.violatedDirective} blocked eval at ${event.sourceFile}:${event.lineNumber}`,
      );
  });
}

/** Waits until the page has shown a toast with exactly `text`; each toast shown answers one check. */
export async function expectToast(page: Page, text: string) {
  const takeShown = (wanted: string) => {
    const shown = (window as unknown as { __toasts: string[] }).__toasts;
    const at = shown.indexOf(wanted);
    if (at >= 0) shown.splice(at, 1);
    return at >= 0;
  };
  await expect.poll(() => page.evaluate(takeShown, text), { message: `a toast saying "${text}"` }).toBe(true);
}

interface Fixtures {
  /** Fails the test on any console error or uncaught page error, except the ones a test allows. */
  consoleErrors: { allow(pattern: RegExp): void };
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await context.addInitScript(reportRefusedEval);
    await use(context);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // Editor.js's tools carry webpack's old globalThis shim, `Function('return this')()` in a try:
      // refused and caught, the editor works on; an eval in any other script fails the test.
      allowed.push(/^CSP violation: script-src blocked eval at \S+\/assets\/editor-page-[\w-]+\.js:/);
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const picture = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'avatar.png'));

/** Uploads the fixture picture as `user` and answers its URL as the API does (absolute): banners must be images our server stored. */
export async function uploadImage(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/upload/image', {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: { image: { name: 'picture.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { file: { url: string } }).file.url;
}

const banners = new WeakMap<TestUser, Promise<string>>();
const bannerOf = (request: APIRequestContext, user: TestUser) => {
  let banner = banners.get(user);
  if (!banner) banners.set(user, (banner = uploadImage(request, user)));
  return banner;
};

/** A blog body that passes every publish rule; override what a test is about. */
function publishableBlog(banner: string, overrides: Record<string, unknown>) {
  return {
    title: `A walk in the hills ${uniqueId()}`,
    banner,
    des: 'Notes from a long walk.',
    content: [
      { time: 1, version: '2.31.0', blocks: [{ id: 'p1', type: 'paragraph', data: { text: 'We left early.' } }] },
    ],
    tags: ['travel'],
    draft: false,
    ...overrides,
  };
}

/**
 * Publishes (or, with `draft: true`, saves) a blog through the API, with a banner uploaded once per
 * author unless the overrides name one; answers its blog_id.
 */
export async function createBlog(request: APIRequestContext, user: TestUser, overrides: Record<string, unknown> = {}) {
  const banner = 'banner' in overrides ? '' : await bannerOf(request, user);
  const { id } = await apiPost<{ id: string }>(
    request,
    '/api/blog/create-blog',
    publishableBlog(banner, overrides),
    user,
  );
  return id;
}
