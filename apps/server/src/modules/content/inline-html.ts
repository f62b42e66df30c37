/**
 * Cuts the inline HTML of Editor.js text (paragraphs, captions, list items, quotes) down to the
 * allowlist of docs/security.md: b, i, a (http/https/mailto href only), mark.cdx-marker,
 * code.inline-code and br. It is a small tokenizer, not a pattern match: every `<` starts a tag
 * that is either rebuilt from scratch (allowed) or dropped, every other character is escaped,
 * and the result is always balanced, so nothing the browser parses can differ from what we meant.
 */
import { escapeHtml, STORED_CLASS, STORED_LINK_REL } from '@inkwell/contracts';
import { decodeEntities, readTag, skipElement } from '../../html/html-tokens.ts';

/** Elements whose content is code or raw text, not markup: dropped together with everything inside. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
]);

/** Editor.js writes b and i, but pasted text brings their synonyms. */
const SYNONYMS: Record<string, string> = { strong: 'b', em: 'i' };

const FIXED_CLASS: Record<string, string> = STORED_CLASS;
const ALLOWED = new Set(['b', 'i', 'a', 'mark', 'code', 'br']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const ENTITY = /^&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

const escapeText = (s: string) => s.replace(/[<>"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** An absolute http, https or mailto URL, normalised; anything else (javascript:, data:, relative) is null. */
export function safeLinkHref(raw: string): string | null {
  let url: URL;
  try {
    // WHATWG URL strips the control characters and whitespace browsers ignore in a scheme.
    url = new URL(decodeEntities(raw));
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

function openTag(name: string, attributes: Map<string, string>): string {
  if (name === 'a') {
    const href = safeLinkHref(attributes.get('href') ?? '');
    return href ? `<a href="${escapeHtml(href)}" rel="${STORED_LINK_REL}">` : '<a>';
  }
  if (name === 'br') return '<br>';
  const fixedClass = FIXED_CLASS[name];
  return fixedClass ? `<${name} class="${fixedClass}">` : `<${name}>`;
}

export function sanitizeInlineHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const c = html[i]!;
    if (c === '&') {
      const entity = ENTITY.exec(html.slice(i, i + 40));
      out += entity ? entity[0] : '&amp;';
      i += entity ? entity[0].length : 1;
      continue;
    }
    if (c !== '<') {
      out += escapeText(c);
      i++;
      continue;
    }
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const next = html[i + 1] ?? '';
    if (next === '!' || next === '?') {
      const close = html.indexOf('>', i);
      i = close === -1 ? html.length : close + 1;
      continue;
    }
    const tag = /[a-z/]/i.test(next) ? readTag(html, i) : null;
    if (!tag) {
      // A lone `<` (as in "a < b") or a tag that never closes is text, escaped.
      out += '&lt;';
      i++;
      continue;
    }
    i = tag.end;
    const name = SYNONYMS[tag.name] ?? tag.name;
    if (!tag.closing && DROP_WITH_CONTENT.has(name)) {
      i = skipElement(html, i, name);
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (!tag.closing) {
      out += openTag(name, tag.attributes);
      if (name !== 'br') open.push(name);
      continue;
    }
    // An end tag closes its element and any left open inside it; a stray one is dropped.
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    while (open.length > at) out += `</${open.pop()}>`;
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The visible text of sanitised inline HTML, to tell an empty paragraph from a real one. */
export function inlineText(safeHtml: string): string {
  return decodeEntities(safeHtml.replace(/<[^>]*>/g, ''))
    .replace(/\u00a0/g, ' ')
    .trim();
}
