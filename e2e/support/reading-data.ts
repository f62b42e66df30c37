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
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
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

/** No horizontal scrolling: the page fits its viewport (every screen fits from 360 px, docs/product/screens.md). */
export async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** One blog with every block type of docs/product/data.md, its inline markup, and markup that must never run. */
export function everyBlock(image: string) {
  return [
    {
      time: 1,
      version: '2.31.0',
      blocks: [
        { id: 'h2', type: 'header', data: { text: 'Section <i>two</i>', level: 2 } },
        {
          id: 'p1',
          type: 'paragraph',
          data: {
            text: 'Plain <b>bold</b> <i>italic</i> <a href="https://example.com/x">a link</a> <mark class="cdx-marker">marked</mark> and <code class="inline-code">npm test</code>.',
          },
        },
        { id: 'h3', type: 'header', data: { text: 'Sub section', level: 3 } },
        { id: 'h1', type: 'header', data: { text: 'Editor level one', level: 1 } },
        { id: 'h5', type: 'header', data: { text: 'Editor level five', level: 5 } },
        {
          id: 'img',
          type: 'image',
          data: {
            file: { url: image },
            caption: 'A <b>framed</b> picture',
            withBorder: true,
            stretched: false,
            withBackground: true,
          },
        },
        { id: 'q', type: 'quote', data: { text: 'Stay <i>curious</i>', caption: 'A reader', alignment: 'center' } },
        {
          id: 'ul',
          type: 'list',
          data: {
            style: 'unordered',
            items: [
              { content: 'Apples', items: [{ content: 'Green ones', items: [] }] },
              { content: 'Pears', items: [] },
            ],
          },
        },
        { id: 'ol', type: 'list', data: { style: 'ordered', items: ['First step', 'Second step'] } },
        {
          id: 'link',
          type: 'link',
          data: {
            link: 'https://example.org/article',
            meta: { title: 'An article worth reading', description: 'Long and good.' },
          },
        },
        {
          id: 'embed',
          type: 'embed',
          data: {
            service: 'youtube',
            source: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
            embed: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
            width: 580,
            height: 320,
            caption: 'A short film',
          },
        },
        {
          id: 'xss',
          type: 'paragraph',
          data: {
            text: 'After this <img src=x onerror="window.hacked=1">nothing ran <a href="javascript:window.hacked=1">here</a>.',
          },
        },
      ],
    },
  ];
}

/** The blog of everyBlock(image) as a reader sees it: every block, its inline markup, and nothing of the markup that must never run. */
export async function expectEveryBlock(page: Page, image: string) {
  await expect(page.getByRole('heading', { level: 2, name: 'Section two' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Sub section' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Editor level one' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Editor level five' })).toBeVisible();

  const paragraph = page.locator('p', { hasText: 'Plain' });
  await expect(paragraph.locator('b')).toHaveText('bold');
  await expect(paragraph.locator('i')).toHaveText('italic');
  await expect(paragraph.locator('mark')).toHaveText('marked');
  await expect(paragraph.locator('code')).toHaveText('npm test');
  const link = paragraph.getByRole('link', { name: 'a link' });
  await expect(link).toHaveAttribute('href', 'https://example.com/x');
  await expect(link).toHaveAttribute('target', '_blank');
  // A new member is not yet trusted: search engines are told not to vouch for their links.
  await expect(link).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');

  const picture = page.getByRole('img', { name: 'A framed picture' });
  await expect(picture).toHaveAttribute('src', image);
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('figcaption', { hasText: 'A framed picture' }).locator('b')).toHaveText('framed');

  const quote = page.locator('figure', { has: page.locator('blockquote') });
  await expect(quote.locator('blockquote')).toHaveText('Stay curious');
  await expect(quote.locator('figcaption')).toHaveText('A reader');
  await expect(quote).toHaveCSS('text-align', 'center');

  await expect(page.locator('ul > li', { hasText: 'Apples' }).locator('ul > li')).toHaveText('Green ones');
  await expect(page.locator('ol > li')).toHaveText(['First step', 'Second step']);

  const card = page.getByRole('link', { name: /An article worth reading/ });
  await expect(card).toHaveAttribute('href', 'https://example.org/article');
  await expect(card).toContainText('example.org');
  await expect(card).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');

  const frame = page.locator('iframe[title="youtube embed"]');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/aqz-KE-bpKQ');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(page.getByText('A short film')).toBeVisible();

  await expect(page.getByText('nothing ran')).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'here' })).toHaveCount(0);
}
