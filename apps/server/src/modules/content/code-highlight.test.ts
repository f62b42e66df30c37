import { CODE_LANGUAGES, HIGHLIGHT_CLASS, type CodeLanguage } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../html/html-tokens.ts';
import { XSS_PAYLOADS } from '../../hostile/xss-payloads.ts';
import { highlightCode } from './code-highlight.ts';

const LANGUAGES = Object.keys(CODE_LANGUAGES) as CodeLanguage[];
/** The only tags highlighting may write. */
const SPAN = /<span(?: class="[a-z_ -]+")?>|<\/span>/g;

describe('highlightCode', () => {
  it('wraps tokens in spans with highlight.js classes', () => {
    expect(highlightCode('const x = 1; // one', 'javascript')).toBe(
      '<span class="hljs-keyword">const</span> x = <span class="hljs-number">1</span>; <span class="hljs-comment">// one</span>',
    );
    expect(highlightCode('def f(): pass', 'python')).toContain('<span class="hljs-keyword">def</span>');
  });

  it.each(LANGUAGES)('in %s, keeps every hostile payload as escaped text inside spans only', (language) => {
    for (const payload of [
      ...XSS_PAYLOADS,
      '</code></pre><script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
    ]) {
      const html = highlightCode(payload, language);
      const text = html.replace(SPAN, '');
      expect(text, `${language}: ${payload}`).not.toMatch(/[<>"]/);
      expect(decodeEntities(text)).toBe(payload);
    }
  });

  it('keeps only highlight.js’s own classes, as the browser’s second pass would: a sub-language’s name goes', () => {
    const html = highlightCode('<p>Hi</p><script>let a = print("x");</script>', 'xml');
    expect(html).toContain('<span class="hljs-keyword">let</span>');
    expect(html).not.toContain('language-');
    const classes = [...html.matchAll(/<span class="([^"]*)">/g)].flatMap((match) => match[1]!.split(' '));
    expect(classes.filter((name) => !HIGHLIGHT_CLASS.test(name))).toEqual([]);
    expect(highlightCode('print(len(x))', 'python')).toContain('<span class="hljs-built_in">print</span>');
  });

  it('highlights as far as it can code that breaks its grammar, never refusing it', () => {
    expect(highlightCode('{"a": }}} <', 'json').replace(SPAN, '')).toBe('{&quot;a&quot;: }}} &lt;');
  });
});
