import { describe, expect, it } from 'vitest';
import { unsafeMarkup } from '../../hostile/inert-html.ts';
import { XSS_PAYLOADS } from '../../hostile/xss-payloads.ts';
import { inlineText, safeLinkHref, sanitizeInlineHtml } from './inline-html.ts';

/** The shared stored-XSS corpus, plus markup broken in ways a sanitiser must also survive. */
const HOSTILE = [
  ...XSS_PAYLOADS,
  `<b>unclosed <i>nested`,
  `<img src=x onerror=alert(1)`,
  `<a href="https://ok.example/`,
  `</b></i></a>stray closers`,
  `<!doctype html><?xml version="1.0"?>text`,
];

function balanced(output: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name] of output.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (name === 'br') continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe('sanitizeInlineHtml', () => {
  it.each(HOSTILE)('leaves nothing that can run from %s', (payload) => {
    const output = sanitizeInlineHtml(payload);
    expect(unsafeMarkup(output)).toEqual([]);
    expect(balanced(output)).toBe(true);
    // Sanitising is stable: the stored text passes through unchanged when saved again.
    expect(sanitizeInlineHtml(output)).toBe(output);
  });

  it('keeps what the editor writes', () => {
    const html =
      'A <b>bold</b>, <i>italic</i>, <a href="https://example.com/a?b=1&amp;c=2">link</a>, ' +
      '<mark class="cdx-marker">marked</mark> and <code class="inline-code">code()</code> line<br>next';
    expect(sanitizeInlineHtml(html)).toBe(
      'A <b>bold</b>, <i>italic</i>, <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">link</a>, ' +
        '<mark class="cdx-marker">marked</mark> and <code class="inline-code">code()</code> line<br>next',
    );
  });

  it('keeps mailto links and turns strong and em into b and i', () => {
    expect(sanitizeInlineHtml('<a href="mailto:me@example.com">mail</a>')).toBe(
      '<a href="mailto:me@example.com" rel="noopener noreferrer nofollow">mail</a>',
    );
    expect(sanitizeInlineHtml('<strong>s</strong><em>e</em>')).toBe('<b>s</b><i>e</i>');
  });

  it('drops disallowed links to a bare anchor but keeps their text', () => {
    expect(sanitizeInlineHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(sanitizeInlineHtml('<a href="/relative">rel</a>')).toBe('<a>rel</a>');
    expect(sanitizeInlineHtml('<a href="java&#x09;script:alert(1)">t</a>')).toBe('<a>t</a>');
  });

  it('forces the fixed class on mark and code and drops every other attribute', () => {
    expect(sanitizeInlineHtml('<mark class="evil" style="x">m</mark><code id=1>c</code><b class="x">b</b>')).toBe(
      '<mark class="cdx-marker">m</mark><code class="inline-code">c</code><b>b</b>',
    );
  });

  it('drops script and style with their content, other tags without it', () => {
    expect(sanitizeInlineHtml('a<script>alert(1)</script>b<style>*{}</style>c')).toBe('abc');
    expect(sanitizeInlineHtml('<div><span>kept</span></div><svg><text>svg text</text></svg>')).toBe('keptsvg text');
    expect(sanitizeInlineHtml('before<script>never closed')).toBe('before');
  });

  it('escapes stray markup characters and bare ampersands but keeps entities', () => {
    expect(sanitizeInlineHtml('1 < 2 > 0 & "q" &amp; &lt;b&gt; &#169; &copy;')).toBe(
      '1 &lt; 2 &gt; 0 &amp; &quot;q&quot; &amp; &lt;b&gt; &#169; &copy;',
    );
    expect(sanitizeInlineHtml('a <b')).toBe('a &lt;b');
  });

  it('closes what is left open and ignores stray end tags', () => {
    expect(sanitizeInlineHtml('<b>bold <i>both')).toBe('<b>bold <i>both</i></b>');
    expect(sanitizeInlineHtml('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b>y');
    expect(sanitizeInlineHtml('</b>x')).toBe('x');
  });

  it('removes comments, doctypes and processing instructions', () => {
    expect(sanitizeInlineHtml('a<!-- c --><!doctype html><?php echo 1 ?>b')).toBe('ab');
  });
});

describe('safeLinkHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['  HTTP://Example.com/x ', 'http://example.com/x'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
  ])('accepts %s', (raw, href) => expect(safeLinkHref(raw)).toBe(href));

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'jav\nascript:alert(1)',
    '&#0000106avascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    '/relative',
    '//example.com',
    '',
  ])('refuses %j', (raw) => expect(safeLinkHref(raw)).toBeNull());
});

describe('inlineText', () => {
  it('sees through tags, line breaks and no-break spaces', () => {
    expect(inlineText('<b> </b>&nbsp;<br>')).toBe('');
    expect(inlineText('<b>x</b>')).toBe('x');
  });
});
