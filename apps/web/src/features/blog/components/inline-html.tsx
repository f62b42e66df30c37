import DOMPurify from 'dompurify';
import { htmlWindow } from '../../../lib/html-window.ts';

/**
 * Our own DOMPurify instance (its hooks stay ours), cutting inline HTML down to docs/security.md's
 * allowlist again in the browser: the server cleaned it on save, but a page never trusts stored markup.
 */
const purifier = DOMPurify(htmlWindow);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const ALLOWLIST = {
  ALLOWED_TAGS: ['b', 'i', 'a', 'mark', 'code', 'br'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
};

export const sanitizeInlineHtml = (html: string) => purifier.sanitize(html, ALLOWLIST);

/** The plain text of inline HTML, read by an inert parser (nothing in it loads or runs). */
export const inlineText = (html: string) =>
  new htmlWindow.DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

type InlineTag = 'span' | 'p' | 'h2' | 'h3' | 'div' | 'blockquote' | 'figcaption';

/**
 * Text of a content block with its bold, italic, links, marker and inline code, sanitised before
 * it reaches the page (inside `.prose-inkwell`, which styles them).
 */
export function InlineHtml({ html, as: Tag = 'span' }: { html: string; as?: InlineTag }) {
  return <Tag dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(html) }} />;
}
