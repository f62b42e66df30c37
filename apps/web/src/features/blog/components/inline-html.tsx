import DOMPurify from 'dompurify';

/**
 * Our own DOMPurify instance (its hooks stay ours), cutting inline HTML down to DESIGN.md's
 * allowlist again in the browser: the server cleaned it on save, but a page never trusts stored markup.
 */
const purifier = DOMPurify(window);
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
export const inlineText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

const INLINE_STYLES =
  '[&_a]:underline [&_a]:underline-offset-2 [&_mark]:bg-yellow-200 [&_mark]:px-0.5 [&_code]:rounded [&_code]:bg-neutral-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-red-700';

type InlineTag = 'span' | 'p' | 'h2' | 'h3' | 'div' | 'figcaption';

/** Text of a content block with its bold, italic, links, marker and inline code, sanitised before it reaches the page. */
export function InlineHtml({ html, as: Tag = 'span', className = '' }: { html: string; as?: InlineTag; className?: string }) {
  return <Tag className={`${INLINE_STYLES} ${className}`} dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(html) }} />;
}
