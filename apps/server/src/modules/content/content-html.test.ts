import type { ContentBlock } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { unsafeMarkup } from '../../hostile/inert-html.ts';
import { XSS_PAYLOADS } from '../../hostile/xss-payloads.ts';
import { contentHtml, contentWordCount } from './content-html.ts';

const absolute = (pathOrUrl: string) => new URL(pathOrUrl, 'https://blog.example.org/').href;

/** One block of every type the editor writes, with every inline tool. */
const EVERY_BLOCK: ContentBlock[] = [
  { type: 'header', data: { text: 'Getting <i>there</i>', level: 2 } },
  { type: 'header', data: { text: 'Day one', level: 4 } },
  {
    type: 'paragraph',
    data: {
      text: 'We left <b>early</b> with <mark class="cdx-marker">maps</mark>, <code class="inline-code">gps()</code> and <a href="https://example.com/?a=1&amp;b=2">a guide</a>.',
    },
  },
  {
    type: 'image',
    data: {
      file: { url: '/uploads/abc123.webp' },
      caption: 'The <b>ridge</b> & the sky',
      alt: '',
      withBorder: false,
      stretched: false,
      withBackground: false,
    },
  },
  { type: 'quote', data: { text: 'Walk on.', caption: 'A walker', alignment: 'left' } },
  {
    type: 'list',
    data: {
      style: 'ordered',
      items: [
        { content: 'Boots', items: [{ content: 'Laced', items: [] }] },
        { content: 'Water', items: [] },
      ],
    },
  },
  { type: 'list', data: { style: 'unordered', items: ['tea', 'bread'] } },
  {
    type: 'link',
    data: {
      link: 'https://hills.example/route',
      meta: { title: 'The <route>', description: 'Maps & notes', image: { url: '/uploads/def456.png' } },
    },
  },
  {
    type: 'embed',
    data: {
      service: 'youtube',
      source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      width: 580,
      height: 320,
      caption: 'The <i>video</i>',
    },
  },
];

/** Issue 17's blocks, and an image with alt text of its own. */
const NEW_BLOCKS: ContentBlock[] = [
  {
    type: 'image',
    data: {
      file: { url: '/uploads/abc123.webp' },
      caption: 'The <b>ridge</b>',
      alt: 'A ridge "under" <the> sky',
      withBorder: false,
      stretched: false,
      withBackground: false,
    },
  },
  {
    type: 'code',
    data: { code: 'if (a < b && c) {\n  go("</code><script>alert(1)</script>");\n}', language: 'javascript' },
  },
  { type: 'delimiter', data: {} },
  {
    type: 'table',
    data: {
      withHeadings: true,
      content: [
        ['Day', 'Miles'],
        ['<b>One</b>', '12 &amp; a bit'],
      ],
    },
  },
  { type: 'table', data: { withHeadings: false, content: [['a', 'b']] } },
];

describe('contentHtml', () => {
  it("writes code escaped in a pre, a divider as hr, tables with header cells, and an image's own alt text", () => {
    expect(contentHtml(NEW_BLOCKS, absolute)).toBe(
      [
        '<figure><img src="https://blog.example.org/uploads/abc123.webp" alt="A ridge &quot;under&quot; &lt;the&gt; sky"><figcaption>The <b>ridge</b></figcaption></figure>',
        '<pre><code class="language-javascript">if (a &lt; b &amp;&amp; c) {\n  go(&quot;&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;);\n}</code></pre>',
        '<hr>',
        '<table><thead><tr><th scope="col">Day</th><th scope="col">Miles</th></tr></thead><tbody><tr><td><b>One</b></td><td>12 &amp; a bit</td></tr></tbody></table>',
        '<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
      ].join('\n'),
    );
  });

  it('writes every block type as HTML, with absolute image URLs and escaped plain text', () => {
    const html = contentHtml(EVERY_BLOCK, absolute);
    expect(html.split('\n')).toEqual([
      '<h2>Getting <i>there</i></h2>',
      '<h3>Day one</h3>',
      '<p>We left <b>early</b> with <mark class="cdx-marker">maps</mark>, <code class="inline-code">gps()</code> and <a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer nofollow">a guide</a>.</p>',
      '<figure><img src="https://blog.example.org/uploads/abc123.webp" alt="The ridge &amp; the sky"><figcaption>The <b>ridge</b> &amp; the sky</figcaption></figure>',
      '<figure><blockquote>Walk on.</blockquote><figcaption>A walker</figcaption></figure>',
      '<ol><li>Boots<ol><li>Laced</li></ol></li><li>Water</li></ol>',
      '<ul><li>tea</li><li>bread</li></ul>',
      '<p><a href="https://hills.example/route" rel="noopener noreferrer nofollow">The &lt;route&gt;</a><br>Maps &amp; notes<br><img src="https://blog.example.org/uploads/def456.png" alt=""></p>',
      '<figure><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="youtube embed" width="580" height="320" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation" allowfullscreen></iframe>' +
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer nofollow">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p><figcaption>The <i>video</i></figcaption></figure>',
    ]);
  });

  it.each(XSS_PAYLOADS)('sanitises stored inline HTML again, so %s stays inert', (payload) => {
    const blocks: ContentBlock[] = [
      { type: 'paragraph', data: { text: payload } },
      {
        type: 'list',
        data: { style: 'unordered', items: [payload, { content: payload, items: [{ content: payload, items: [] }] }] },
      },
      { type: 'quote', data: { text: payload, caption: payload, alignment: 'left' } },
      { type: 'link', data: { link: 'https://x.example/', meta: { title: payload, description: payload } } },
      {
        type: 'table',
        data: {
          withHeadings: true,
          content: [
            [payload, payload],
            [payload, payload],
          ],
        },
      },
    ];
    // Without the structural tags the renderer itself writes, only allowlisted inline markup may remain.
    const inner = contentHtml(blocks, absolute).replace(
      /<\/?(?:p|ul|li|figure|blockquote|figcaption|table|thead|tbody|tr|td)>|<th scope="col">|<\/th>/g,
      '',
    );
    expect(unsafeMarkup(inner)).toEqual([]);
    // Code is text: every character of it escaped, whatever the language says.
    const code = contentHtml([{ type: 'code', data: { code: payload, language: '"><script>' } }], absolute);
    expect(code).toMatch(/^<pre><code class="language-&quot;&gt;&lt;script&gt;">[^<>]*<\/code><\/pre>$/);
  });

  it('leaves out an embed that is no known player, keeping its source link, and a link block that is no web URL', () => {
    const html = contentHtml(
      [
        {
          type: 'embed',
          data: {
            service: 'youtube',
            source: 'https://www.youtube.com/watch?v=1',
            embed: 'https://evil.example/embed',
            caption: '',
          },
        },
        { type: 'link', data: { link: 'javascript:alert(1)', meta: {} } },
      ],
      absolute,
    );
    expect(html).not.toContain('iframe');
    expect(html).not.toContain('javascript');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=1"');
  });
});

describe('contentWordCount', () => {
  it('counts the words a reader reads, captions and list items included, markup and entities not', () => {
    // headers 2 + 2, paragraph 9, image caption 5, quote 2 + 2, lists 3 + 2, link 2 + 3, embed caption 2
    expect(contentWordCount(EVERY_BLOCK)).toBe(34);
  });

  it('counts code and table cells as words, and no alt text', () => {
    // caption 2, code 9 (a word is what spaces part), tables 7 + 2
    expect(contentWordCount(NEW_BLOCKS)).toBe(20);
  });
});
