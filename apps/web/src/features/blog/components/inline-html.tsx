import DOMPurify from 'dompurify';
import { decodeHTML } from 'entities';
import { createContext, use } from 'react';
import { HIGHLIGHT_CLASS, linksForReaders } from '@inkwell/contracts';

/**
 * Whether the author of the content shown is trusted (contracts policies.ts isTrusted), provided
 * by whoever shows a blog; false, the safe answer, where nobody says.
 */
export const AuthorTrusted = createContext(false);

/** The rel of a blog's links: search engines are told to vouch for none but a trusted author's. */
export const useLinkRel = () => (use(AuthorTrusted) ? '' : 'ugc nofollow ') + 'noopener noreferrer';

/** The rel the hook below gives links: set by sanitizeInlineHtml for its own synchronous call. */
let linkRel = '';

/**
 * In the browser, our own DOMPurify instance (its hook stays ours) cuts stored markup down again:
 * the server sanitised it when it was saved, but a page the browser renders never trusts stored
 * markup (ADR 4). None on the server, which shows it as it was stored (below).
 */
const purifier = import.meta.env.SSR ? null : DOMPurify(window);
purifier?.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    if (!node.hasAttribute('href')) return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', linkRel);
  } else if (node.hasAttribute('class')) {
    // Highlighted code's spans (inline HTML keeps no class): highlight.js's classes only.
    const kept = [...node.classList].filter((name) => HIGHLIGHT_CLASS.test(name));
    if (kept.length) node.setAttribute('class', kept.join(' '));
    else node.removeAttribute('class');
  }
});

/** docs/security.md's allowlist of inline HTML. */
const ALLOWLIST = {
  ALLOWED_TAGS: ['b', 'i', 'a', 'mark', 'code', 'br'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
};

/**
 * Inline HTML as the page shows it, its links opening in a new tab with `rel`. The server renders
 * what the server's sanitiser stored as it is, with only the page's own links' attributes set
 * (linksForReaders: exact on that fixed grammar, and the very markup DOMPurify makes of it, so the
 * page hydrates as it came); the browser runs DOMPurify.
 */
export function sanitizeInlineHtml(html: string, rel: string) {
  if (import.meta.env.SSR) return linksForReaders(html, rel);
  linkRel = rel;
  return purifier!.sanitize(html, ALLOWLIST);
}

/**
 * A code block's highlighting as the page shows it: spans with highlight.js's classes around
 * escaped text, nothing else. The server renders it as stored, cut to those classes when it was
 * saved (the server's code-highlight.ts), so DOMPurify in the browser finds nothing more to take.
 */
export const sanitizeHighlightedCode = (html: string) =>
  import.meta.env.SSR ? html : purifier!.sanitize(html, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] });

/**
 * The text of inline HTML as the server's sanitiser stores it, read without a parser: its tags
 * dropped (no `<` or `>` is text there) and its character references decoded by HTML's rules
 * (entities, the decoder parse5 parses with): the text a browser's parser finds in it.
 */
export const storedText = (html: string) => decodeHTML(html.replace(/<[^>]*>/g, ''));

/**
 * The plain text of inline HTML (an image's alt, for blocks saved before alt text): on the server
 * its stored text, in the browser read by an inert parser (nothing in it loads or runs).
 */
export const inlineText = (html: string) =>
  import.meta.env.SSR ? storedText(html) : new DOMParser().parseFromString(html, 'text/html').body.textContent!;

type InlineTag = 'span' | 'p' | 'h2' | 'h3' | 'div' | 'blockquote' | 'figcaption';

/**
 * Text of a content block with its bold, italic, links, marker and inline code (inside
 * `.prose-inkwell`, which styles them).
 */
export function InlineHtml({ html, as: Tag = 'span' }: { html: string; as?: InlineTag }) {
  return <Tag dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(html, useLinkRel()) }} />;
}
