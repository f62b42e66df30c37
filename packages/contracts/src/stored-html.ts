/**
 * A blog's markup as the server stores it, and what a page makes of it without parsing it.
 *
 * Inline HTML is stored only as the server's sanitiser writes it (apps/server/src/modules/content/
 * inline-html.ts, docs/security.md): `b`, `i`, `br`, `<a>` or `<a href="…" rel="STORED_LINK_REL">`,
 * `<mark class="cdx-marker">`, `<code class="inline-code">` and their end tags, every other `<`,
 * `>` and `"` escaped. A code block's highlighting is stored as highlight.js's spans with only
 * HIGHLIGHT_CLASS classes, around escaped text. On that fixed grammar the transforms below are
 * exact: a `"` is never text, so ` rel="…">` can only end a link's start tag.
 */
import { escapeHtml } from './escape-html.ts';

/** The rel the sanitiser gives every link it keeps; a page sets its own (linksForReaders). */
export const STORED_LINK_REL = 'noopener noreferrer nofollow';

/** The one class each of these tags is stored with (the editor's own). */
export const STORED_CLASS = { mark: 'cdx-marker', code: 'inline-code' } as const;

/** highlight.js's classes (`hljs-keyword`, `hljs-built_in`, `hljs-title function_`): no other class of highlighted code is kept. */
export const HIGHLIGHT_CLASS = /^(?:hljs-[a-z_-]+|[a-z]+_+)$/;

/**
 * Stored inline HTML as a blog page shows it: each link opens in a new tab with the page's `rel`
 * (the author's trust decides it), and the editor's classes go (the page styles the tags
 * themselves). The very markup the browser's DOMPurify pass makes of it, so a page the server
 * rendered hydrates as it is.
 */
export function linksForReaders(storedHtml: string, rel: string): string {
  // Both tag ends hold a `"`, which text never does: most paragraphs have no link nor mark.
  if (!storedHtml.includes('"')) return storedHtml;
  readerLinks ??= {
    storedTagEnds: new RegExp(
      ` rel="${STORED_LINK_REL}">| class="(?:${STORED_CLASS.mark}|${STORED_CLASS.code})">`,
      'g',
    ),
    byRel: new Map(),
  };
  let link = readerLinks.byRel.get(rel);
  if (link === undefined) readerLinks.byRel.set(rel, (link = ` target="_blank" rel="${escapeHtml(rel)}">`));
  return storedHtml.replace(readerLinks.storedTagEnds, (end) => (end.startsWith(' rel') ? link : '>'));
}

/**
 * What linksForReaders finds and writes, made at its first call, not as the module loads, so that a
 * bundle that never calls it drops it whole; a page's rel is one of two (the author's trust).
 */
let readerLinks: { storedTagEnds: RegExp; byRel: Map<string, string> } | undefined;
