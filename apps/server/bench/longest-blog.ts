/**
 * The longest blog the limits allow, as a create-blog body: 1000 blocks (EditorOutput's cap) of
 * every kind, their text grown until the body is as large as the server takes (its 1 MiB body
 * limit, less a margin). Inline markup of every allowed kind, links, entities, code in several
 * languages, nested lists and tables: what a page's render does with each block, a thousand times.
 */
import type { ContentBlock } from '@inkwell/contracts';

/** The server's JSON body limit (app.ts), less room for anything a client adds around the blog. */
const BODY_BYTES = 1024 * 1024 - 4096;
const BLOCKS = 1000;
/** Kinds of block in turn (below): two of every eleven are paragraphs. */
const PARAGRAPHS = 2 * Math.ceil(BLOCKS / 11);

const SENTENCE =
  'We walked <b>along the river</b> to the <i>old mill</i>, where the path &amp; the water meet; ' +
  'see <a href="https://example.com/maps?from=mill&amp;to=bridge">the map</a>, ' +
  '<mark class="cdx-marker">the marked bend</mark> and <code class="inline-code">npm run walk</code> &quot;twice&quot;.<br>';

const CODE: Record<string, string> = {
  javascript:
    'export function walk(path, { pace = 4, stops = [] } = {}) {\n' +
    '  // Minutes for each leg, at `pace` km an hour.\n' +
    '  const legs = path.map((km, i) => ({ km, stop: stops[i] ?? null }));\n' +
    '  return legs.reduce((minutes, leg) => minutes + (leg.km / pace) * 60 + (leg.stop ? 10 : 0), 0);\n' +
    '}\n',
  python:
    'def walk(path: list[float], pace: float = 4.0) -> float:\n' +
    '    """Minutes for the whole path."""\n' +
    '    total = 0.0\n' +
    '    for km in path:\n' +
    '        total += km / pace * 60  # minutes\n' +
    '    return total\n',
  sql:
    "select author_id, count(*) as walks, sum(km) from walks where started_at > now() - interval '30 days'\n" +
    'group by author_id having count(*) > 2 order by 3 desc limit 10;\n',
  xml: '<route name="mill &amp; bridge">\n  <leg km="2.5" stop="mill"/>\n  <leg km="1.2"><!-- the bridge --></leg>\n</route>\n',
};
const LANGUAGES = Object.keys(CODE);

/** The blocks, each kind in turn, with `grow` copies of their text and `extra` sentences more spread over the paragraphs. */
function blocks(grow: number, extra = 0): ContentBlock[] {
  const text = (n: number) => SENTENCE.repeat(n);
  let paragraphs = 0;
  const paragraph = (): ContentBlock => {
    const n = paragraphs++;
    return {
      type: 'paragraph',
      data: { text: text(grow + Math.floor(extra / PARAGRAPHS) + (n < extra % PARAGRAPHS ? 1 : 0)) },
    };
  };
  const kinds: ((i: number) => ContentBlock)[] = [
    (i) => ({ type: 'header', data: { text: `Part <i>${i}</i> &amp; more`, level: (i % 3) + 2 } }),
    paragraph,
    paragraph,
    (i) => {
      const language = LANGUAGES[i % LANGUAGES.length]!;
      return { type: 'code', data: { code: CODE[language]!.repeat(Math.max(1, grow)), language } };
    },
    () => ({
      type: 'list',
      data: {
        style: 'unordered',
        items: [
          { content: text(1), items: [{ content: text(1), items: [] }] },
          { content: text(Math.max(1, grow - 1)), items: [] },
        ],
      },
    }),
    () => ({ type: 'quote', data: { text: text(grow), caption: 'A <b>walker</b>', alignment: 'left' } }),
    (i) => ({
      type: 'image',
      data: {
        file: { url: `/uploads/walk-${i}.webp`, width: 1600, height: 900 },
        // No alt: blocks saved before alt text show their caption's text as the picture's alt.
        caption: `The <b>mill</b> at dawn &amp; the bridge, <i>${i}</i>`,
        withBorder: false,
        stretched: false,
        withBackground: false,
      },
    }),
    () => ({
      type: 'table',
      data: {
        withHeadings: true,
        content: [
          ['Leg', '<b>Km</b>', 'Stop'],
          ...Array.from({ length: Math.max(1, grow) }, (_, r) => [
            `<i>${r + 1}</i>`,
            `${(r * 1.3).toFixed(1)}`,
            '<a href="https://example.com/stop">the mill</a>',
          ]),
        ],
      },
    }),
    () => ({
      type: 'link',
      data: { link: 'https://example.org/walks', meta: { title: 'Walks', description: 'Where to walk & why.' } },
    }),
    () => ({
      type: 'embed',
      data: {
        service: 'vimeo',
        source: 'https://vimeo.com/76979871',
        embed: 'https://player.vimeo.com/video/76979871',
        caption: 'The <i>walk</i>, filmed',
      },
    }),
    () => ({ type: 'delimiter', data: {} }),
  ];
  return Array.from({ length: BLOCKS }, (_, i) => ({ id: `b${i}`, ...kinds[i % kinds.length]!(i) }) as ContentBlock);
}

const body = (grow: number, extra = 0) => ({
  title: 'The longest walk',
  banner: '/uploads/banner.webp',
  des: 'Every kind of block, as long as a blog may be.',
  content: [{ time: 1, version: '2.31.0', blocks: blocks(grow, extra) }],
  tags: ['travel'],
  draft: false,
});

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The create-blog body of the longest blog: the most text per block that stays under the body limit. */
export function longestBlogBody() {
  let grow = 1;
  while (bytes(body(grow + 1)) <= BODY_BYTES) grow++;
  // Then whole sentences more, spread over the paragraphs, up to the limit.
  const sentence = bytes(SENTENCE) - 2;
  return body(grow, Math.floor((BODY_BYTES - bytes(body(grow))) / sentence));
}
