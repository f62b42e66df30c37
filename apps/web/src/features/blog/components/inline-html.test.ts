// @vitest-environment jsdom
import { linksForReaders } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { inlineText, sanitizeHighlightedCode, sanitizeInlineHtml, storedText } from './inline-html.tsx';

/** Inline HTML as the server's sanitiser stores it (apps/server/src/modules/content/inline-html.ts). */
const STORED = [
  'Plain <b>bold</b> <i>italic</i> <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">a <b>link</b></a>',
  '<mark class="cdx-marker">marked</mark> and <code class="inline-code">x &lt; y</code><br>next &quot;line&quot;',
  '<a>a link refused</a>, <a href="mailto:me@example.com" rel="noopener noreferrer nofollow">mail</a> &amp; &#169; &copy;&nbsp;',
  'rel=&quot;noopener noreferrer nofollow&quot;&gt; written as text',
];
const RELS = ['ugc nofollow noopener noreferrer', 'noopener noreferrer'];

/** Markup as the browser's DOM holds it: two strings that parse to the same nodes are equal here. */
function parsed(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.innerHTML;
}

describe('stored inline HTML on a page', () => {
  it.each(STORED)('is the same DOM from the server renderer as from DOMPurify in the browser: %s', (stored) => {
    for (const rel of RELS) expect(parsed(linksForReaders(stored, rel))).toBe(parsed(sanitizeInlineHtml(stored, rel)));
  });

  it('has the same text, as an image’s alt, read without a parser on the server as with one in the browser', () => {
    for (const stored of STORED) expect(storedText(stored)).toBe(inlineText(stored));
  });

  it('of highlighted code, as stored (highlight.js’s classes only), is what DOMPurify leaves of it', () => {
    const stored =
      '<span class="hljs-keyword">def</span> <span class="hljs-title function_">f</span>(): ' +
      '<span class="hljs-built_in">print</span>(<span>&quot;&lt;b&gt;&quot;</span>)';
    expect(parsed(sanitizeHighlightedCode(stored))).toBe(parsed(stored));
  });
});
