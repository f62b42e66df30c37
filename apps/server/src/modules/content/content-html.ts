import {
  blockTexts,
  embedPlayerUrl,
  escapeHtml,
  STORED_LINK_REL,
  webUrl,
  type ContentBlock,
  type ListItem,
} from '@inkwell/contracts';
import { inlineText, sanitizeInlineHtml } from './inline-html.ts';

/**
 * A blog's blocks as HTML for readers that run none of our code (feed readers): the same blocks
 * and sanitising as the blog page in the browser. Inline HTML is cut to the allowlist again (stored
 * markup is never trusted), every other text is escaped, and `absolute` turns our own paths
 * (`/uploads/…`) into URLs that still work outside the site.
 */
export function contentHtml(blocks: ContentBlock[], absolute: (pathOrUrl: string) => string): string {
  return blocks.map((block) => blockHtml(block, absolute)).join('\n');
}

type BlockOf<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>['data'];

const inline = (tag: string, html: string) => `<${tag}>${sanitizeInlineHtml(html)}</${tag}>`;
const caption = (html: string) => (html ? inline('figcaption', html) : '');

function blockHtml(block: ContentBlock, absolute: (pathOrUrl: string) => string): string {
  switch (block.type) {
    case 'paragraph':
      return inline('p', block.data.text);
    case 'header':
      // The blog's title is the h1; the editor's levels map onto the two the spec renders.
      return inline(block.data.level <= 2 ? 'h2' : 'h3', block.data.text);
    case 'image':
      return imageHtml(block.data, absolute);
    case 'quote':
      return `<figure>${inline('blockquote', block.data.text)}${caption(block.data.caption)}</figure>`;
    case 'list':
      return listHtml(block.data.style === 'ordered' ? 'ol' : 'ul', block.data.items);
    case 'link':
      return linkHtml(block.data, absolute);
    case 'embed':
      return embedHtml(block.data);
    case 'code':
      // Escaped, not highlighted: feed readers bring their own styles, or none.
      return `<pre><code class="language-${escapeHtml(block.data.language)}">${escapeHtml(block.data.code)}</code></pre>`;
    case 'delimiter':
      return '<hr>';
    case 'table':
      return tableHtml(block.data);
  }
}

function tableHtml({ withHeadings, content }: BlockOf<'table'>): string {
  const row = (cells: string[], cell: (html: string) => string) => `<tr>${cells.map(cell).join('')}</tr>`;
  const td = (html: string) => inline('td', html);
  const [first = [], ...rest] = content;
  const head = withHeadings
    ? `<thead>${row(first, (html) => `<th scope="col">${sanitizeInlineHtml(html)}</th>`)}</thead>`
    : '';
  const body = (withHeadings ? rest : content).map((cells) => row(cells, td)).join('');
  return `<table>${head}<tbody>${body}</tbody></table>`;
}

function imageHtml(data: BlockOf<'image'>, absolute: (pathOrUrl: string) => string): string {
  const alt = escapeHtml(imageAlt(data));
  return `<figure><img src="${escapeHtml(absolute(data.file.url))}" alt="${alt}">${caption(data.caption)}</figure>`;
}

function listHtml(tag: 'ol' | 'ul', items: (string | ListItem)[]): string {
  const item = (entry: string | ListItem) =>
    typeof entry === 'string'
      ? inline('li', entry)
      : `<li>${sanitizeInlineHtml(entry.content)}${entry.items.length ? listHtml(tag, entry.items) : ''}</li>`;
  return `<${tag}>${items.map(item).join('')}</${tag}>`;
}

function linkHtml(data: BlockOf<'link'>, absolute: (pathOrUrl: string) => string): string {
  const url = webUrl(data.link);
  if (!url) return '';
  const { title, description, image } = data.meta;
  return (
    `<p><a href="${escapeHtml(url.href)}" rel="${STORED_LINK_REL}">${escapeHtml(title || url.hostname)}</a>` +
    (description ? `<br>${escapeHtml(description)}` : '') +
    (image ? `<br><img src="${escapeHtml(absolute(image.url))}" alt="">` : '') +
    '</p>'
  );
}

function embedHtml(data: BlockOf<'embed'>): string {
  const player = embedPlayerUrl(data.service, data.embed);
  const source = webUrl(data.source);
  const frame = player
    ? `<iframe src="${escapeHtml(player)}" title="${escapeHtml(`${data.service} embed`)}" width="${data.width ?? 580}" height="${data.height ?? 320}" ` +
      'sandbox="allow-scripts allow-same-origin allow-popups allow-presentation" allowfullscreen></iframe>'
    : '';
  // Many feed readers drop frames: the source link keeps the embed reachable there.
  const link = source
    ? `<p><a href="${escapeHtml(source.href)}" rel="${STORED_LINK_REL}">${escapeHtml(source.href)}</a></p>`
    : '';
  return `<figure>${frame}${link}${caption(data.caption)}</figure>`;
}

/** What an image's alt says: its own alt text, or for blocks saved before there was one, the caption's text. */
const imageAlt = (data: BlockOf<'image'>) => data.alt || inlineText(sanitizeInlineHtml(data.caption));

/**
 * How many words the blog's blocks hold: schema.org's wordCount, and (stored in blogs.word_count on
 * every save) the reading time of the blog and its cards. The migration that added word_count
 * approximates this rule in SQL for the blogs already there.
 */
export function contentWordCount(blocks: ContentBlock[]): number {
  return blocks
    .flatMap(blockTexts)
    .reduce((n, html) => n + inlineText(sanitizeInlineHtml(html)).split(/\s+/).filter(Boolean).length, 0);
}

/** Words a reader reads in a minute. */
export const WORDS_PER_MINUTE = 200;
/** Minutes to read `words` words, at least 1. */
export const readingMinutes = (words: number) => Math.max(1, Math.round(words / WORDS_PER_MINUTE));
