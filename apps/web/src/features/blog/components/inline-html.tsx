import DOMPurify from 'dompurify';
import { createContext, use } from 'react';
import { htmlWindow } from '../../../lib/html-window.ts';

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
 * Our own DOMPurify instance (its hooks stay ours), cutting inline HTML down to docs/security.md's
 * allowlist again in the browser: the server cleaned it on save, but a page never trusts stored markup.
 */
const purifier = DOMPurify(htmlWindow);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', linkRel);
  }
});

const ALLOWLIST = {
  ALLOWED_TAGS: ['b', 'i', 'a', 'mark', 'code', 'br'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
};

export function sanitizeInlineHtml(html: string, rel: string) {
  linkRel = rel;
  return purifier.sanitize(html, ALLOWLIST);
}

/** The plain text of inline HTML, read by an inert parser (nothing in it loads or runs). */
export const inlineText = (html: string) =>
  new htmlWindow.DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

type InlineTag = 'span' | 'p' | 'h2' | 'h3' | 'div' | 'blockquote' | 'figcaption';

/**
 * Text of a content block with its bold, italic, links, marker and inline code, sanitised before
 * it reaches the page (inside `.prose-inkwell`, which styles them).
 */
export function InlineHtml({ html, as: Tag = 'span' }: { html: string; as?: InlineTag }) {
  return <Tag dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(html, useLinkRel()) }} />;
}
