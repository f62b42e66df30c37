import { describe, expect, it } from 'vitest';
import { linksForReaders } from './stored-html.ts';

describe('linksForReaders', () => {
  const stored =
    'See <a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer nofollow">the <b>map</b></a>, ' +
    '<a>a link refused</a>, <mark class="cdx-marker">marked</mark> and <code class="inline-code">x()</code>';

  it('opens each link in a new tab with the page’s rel, and drops the editor’s classes', () => {
    expect(linksForReaders(stored, 'ugc nofollow noopener noreferrer')).toBe(
      'See <a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="ugc nofollow noopener noreferrer">the <b>map</b></a>, ' +
        '<a>a link refused</a>, <mark>marked</mark> and <code>x()</code>',
    );
  });

  it('leaves text alone that only reads like the markup (its quotes and brackets are escaped when stored)', () => {
    const text = 'Write rel=&quot;noopener noreferrer nofollow&quot;&gt; or class=&quot;cdx-marker&quot;&gt; yourself';
    expect(linksForReaders(text, 'noopener noreferrer')).toBe(text);
  });
});
