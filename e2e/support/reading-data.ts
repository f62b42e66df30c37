import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createBlog, expect, uniqueId, type TestUser } from './fixtures.ts';

const picture = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'avatar.png'));

/** Uploads the fixture picture as `user` and answers its /uploads URL: banners must be images our server stored. */
export async function uploadImage(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/upload/image', {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: { image: { name: 'picture.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { file: { url: string } }).file.url;
}

const banners = new WeakMap<TestUser, Promise<string>>();

/** Publishes (or drafts) a blog with an uploaded banner through the API; answers its blog_id. */
export async function publishBlog(request: APIRequestContext, user: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  let banner = banners.get(user);
  if (!banner) banners.set(user, (banner = uploadImage(request, user)));
  return createBlog(request, user, { banner: await banner, ...overrides });
}

/** A tag no other test uses, so lists filtered by it hold only this test's blogs. */
export const uniqueTag = () => `tag${uniqueId()}`;

/**
 * Records the scripts a page loads, with their source, to prove the editor's chunk (Editor.js and its
 * tools, whose markup classes start with "codex-editor") never reaches a reading page.
 */
export function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return {
    async expectNoEditorCode() {
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script.url).not.toMatch(/editor/i);
        expect(await script.body, script.url).not.toContain('codex-editor');
      }
    },
  };
}

/** No horizontal scrolling: the page fits its viewport (SPEC: responsive from 360 px). */
export async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
