import type { Page } from '@playwright/test';
import { expect, uniqueId } from './fixtures.ts';

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
