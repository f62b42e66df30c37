import { BlockLimits, escapeHtml, STORED_LINK_REL, type ContentBlock, type ListItem } from '@inkwell/contracts';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { codeLanguage } from './code-languages.ts';
import { embedTarget } from './embed-links.ts';
import type { ImageRef } from './import-bundle.ts';

/*
 * The one converter from HTML to the editor's blocks: WordPress, Ghost and Medium posts are HTML,
 * and Markdown becomes the same tree (hast) before it comes here. Each element maps to the block
 * an author would have made in the editor; inline markup is cut to the inline allowlist (b, i, a,
 * code, mark, br); what has no block (a script, a form, a frame of an unknown player) is dropped
 * and said in the post's problems, never lost silently.
 */

export interface BlockOptions {
  /** An image's address as the post names it: the ImageRef to fetch or take from the archive, or why it cannot be. */
  image: (src: string) => ImageRef | { problem: string };
  /** A link's address made absolute (a relative link on the old site), or null when it goes nowhere a reader can follow. */
  link?: (href: string) => string | null;
  /** WordPress stores text without paragraphs (wpautop): a blank line ends a paragraph, a newline is a line break. */
  autop?: boolean;
}

export interface Converted {
  blocks: ContentBlock[];
  problems: string[];
}

/** The longest inline text a block field may hold (contracts' blog.ts), with room for the markup cleaning adds. */
const INLINE_MAX = 19_000;
const BLOCKS_MAX = 1000;
const LIST_ITEMS_MAX = 500;
const URL_MAX = 2048;

const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'aside',
  'header',
  'footer',
  'nav',
  'details',
  'summary',
  'center',
  'dl',
  'dt',
  'dd',
  'address',
  'hgroup',
  'fieldset',
  'li',
  'body',
  'html',
  'span',
  'a',
  'picture',
  'font',
]);
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCK_ELEMENTS = new Set([
  ...CONTAINERS,
  ...Object.keys(HEADINGS),
  'p',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'figure',
  'table',
  'hr',
  'img',
  'iframe',
]);
/** Elements with no block, dropped with what they hold, each said in the problems by this name. */
const DROPPED: Record<string, string> = {
  script: 'a script',
  style: 'a style sheet',
  noscript: 'a <noscript> fallback',
  template: 'a template',
  form: 'a form',
  input: 'a form field',
  button: 'a button',
  select: 'a form field',
  textarea: 'a form field',
  video: 'a video file',
  audio: 'an audio file',
  object: 'an embedded object',
  embed: 'an embedded object',
  canvas: 'a canvas',
  svg: 'an inline SVG drawing',
  math: 'a formula (MathML)',
  map: 'an image map',
  link: 'a <link> element',
  meta: 'a <meta> element',
};
/** Elements a block never shows: they carry no content. */
const IGNORED = new Set(['head', 'title', 'base', 'col', 'colgroup', 'wbr', 'source', 'track', 'param', 'area']);

const isElement = (node: RootContent | ElementContent | undefined): node is Element => node?.type === 'element';
const classes = (element: Element): string[] => {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};
const hasClass = (element: Element, name: string) => classes(element).includes(name);
const attribute = (element: Element, name: string): string | undefined => {
  const value = element.properties[name];
  return value === undefined || value === null || value === false ? undefined : String(value);
};
const elements = (nodes: ElementContent[]) => nodes.filter(isElement);

/** The descendants of `element` (itself included) that `test` picks, in document order. */
function findAll(element: Element, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: Element) => {
    if (test(node)) found.push(node);
    for (const child of elements(node.children)) visit(child);
  };
  visit(element);
  return found;
}

/** The plain text of a node, a `<br>` as a newline (what a code block keeps). */
export function textOf(node: ElementContent | Root): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'br') return '\n';
  if (node.type === 'element' || node.type === 'root')
    return (node.children as ElementContent[]).map((child) => textOf(child)).join('');
  return '';
}

const collapse = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ');
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
/** Leading and trailing spaces and line breaks, which no editor block keeps, and the spaces a browser would collapse. */
const trimInline = (html: string) => html.replace(/^(?:\s|<br>)+|(?:\s|<br>)+$/g, '').replace(/ {2,}/g, ' ');

const image = (url: ImageRef, caption: string, alt: string, width?: number, height?: number): ContentBlock => ({
  type: 'image',
  data: {
    file: { url, ...(width && height && { width, height }) },
    caption,
    alt,
    withBorder: false,
    stretched: false,
    withBackground: false,
  },
});

const pixels = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= 100_000 ? number : undefined;
};

interface Footnote {
  element: Element;
  number?: number;
}

class Converter {
  readonly blocks: ContentBlock[] = [];
  readonly problems = new Set<string>();
  /** Blocks met inside inline text (an image in a paragraph), placed after the block that holds them. */
  private pending: Element[] = [];
  private readonly footnotes = new Map<string, Footnote>();
  private readonly footnoteLists = new Set<Element>();
  private footnoteCount = 0;

  private readonly options: BlockOptions;

  constructor(options: BlockOptions) {
    this.options = options;
  }

  convert(root: Root): Converted {
    this.findFootnotes(root);
    this.flow(root.children as ElementContent[]);
    this.addNotes();
    let blocks = this.blocks;
    if (blocks.length > BLOCKS_MAX) {
      this.problems.add(
        `The post has ${blocks.length} blocks; a blog holds at most ${BLOCKS_MAX}, so the last ${blocks.length - BLOCKS_MAX} were left out.`,
      );
      blocks = blocks.slice(0, BLOCKS_MAX);
    }
    return { blocks, problems: [...this.problems] };
  }

  /* ---------- Flow: a run of blocks and loose inline content ---------- */

  private flow(nodes: ElementContent[]) {
    let run: ElementContent[] = [];
    const flush = () => {
      this.paragraph(run);
      run = [];
    };
    for (const node of nodes) {
      if (node.type === 'text') {
        const parts = this.options.autop ? node.value.split(/\n[ \t]*\n\s*/) : [node.value];
        parts.forEach((part, index) => {
          if (index > 0) flush();
          run.push({ type: 'text', value: part });
        });
      } else if (isElement(node) && (BLOCK_ELEMENTS.has(node.tagName) || node.tagName in DROPPED)) {
        if (this.isInlineHere(node)) run.push(node);
        else {
          flush();
          this.block(node);
        }
      } else if (isElement(node)) run.push(node);
    }
    flush();
  }

  /** A link or a span holding only text and inline markup stays in its paragraph; one holding blocks is a container. */
  private isInlineHere(element: Element): boolean {
    if (!['a', 'span', 'font'].includes(element.tagName)) return false;
    return findAll(element, (e) => e !== element && (BLOCK_ELEMENTS.has(e.tagName) || e.tagName in DROPPED))
      .filter((e) => !['a', 'span', 'font'].includes(e.tagName))
      .every((e) => e.tagName === 'img' && textOf(element).trim() !== '');
  }

  private block(element: Element) {
    const name = element.tagName;
    if (this.footnoteLists.has(element) || (name === 'hr' && hasClass(element, 'footnotes-sep'))) return;
    if (name in DROPPED) return this.drop(element);
    if (IGNORED.has(name)) return;
    if (name in HEADINGS) return this.heading(element, HEADINGS[name]!);
    switch (name) {
      case 'p':
        return this.flow(element.children);
      case 'ul':
      case 'ol':
        return this.list(element);
      case 'blockquote':
        return this.quote(element);
      case 'pre':
        return this.code(element);
      case 'figure':
        return this.figure(element);
      case 'table':
        return this.table(element);
      case 'hr':
        return this.add({ type: 'delimiter', data: {} });
      case 'img':
        return this.image(element, '');
      case 'iframe':
        return this.frame(element, '');
      default:
        if (hasClass(element, 'graf--mixtapeEmbed')) {
          const part = (name: string) => findAll(element, (e) => e.tagName === name)[0];
          return this.linkCard(element, '', part('strong'), part('em'));
        }
        return this.flow(element.children);
    }
  }

  private add(block: ContentBlock) {
    this.blocks.push(block);
  }

  /** Places the blocks found inside the inline text just converted. */
  private flushPending() {
    const pending = this.pending;
    this.pending = [];
    for (const element of pending) this.block(element);
  }

  private drop(element: Element) {
    const what = DROPPED[element.tagName] ?? `a <${element.tagName}> element`;
    const src = attribute(element, 'src') ?? findAll(element, (e) => e.tagName === 'source')[0]?.properties.src;
    this.problems.add(
      `${what[0]!.toUpperCase()}${what.slice(1)}${src ? ` (${String(src)})` : ''} was left out: the editor has no block for it.`,
    );
  }

  /* ---------- Paragraphs and inline text ---------- */

  private paragraph(nodes: ElementContent[]) {
    const meaningful = nodes.filter((node) => node.type !== 'comment' && !(node.type === 'text' && !node.value.trim()));
    // A paragraph that is only a link to a known player is that player (WordPress and Ghost embed such lines).
    if (meaningful.length === 1) {
      const only = meaningful[0]!;
      const address =
        only.type === 'text'
          ? only.value.trim()
          : isElement(only) && only.tagName === 'a'
            ? attribute(only, 'href')
            : '';
      const target = address ? embedTarget(address) : null;
      if (target) {
        // A link's own words (not its address) become the embed's caption.
        const words = only.type === 'text' ? '' : collapse(textOf(only)).trim();
        const caption = words && words !== address && !embedTarget(words) ? escapeHtml(words) : '';
        this.add({ type: 'embed', data: { ...target, caption } });
        return;
      }
    }
    const html = trimInline(this.inline(nodes, true));
    if (visible(html)) {
      for (const text of this.fitParagraph(html)) this.add({ type: 'paragraph', data: { text } });
    }
    this.flushPending();
  }

  /** A paragraph longer than a block may hold, split at its line breaks, or at its words when it has none. */
  private fitParagraph(html: string): string[] {
    if (html.length <= INLINE_MAX) return [html];
    const parts: string[] = [];
    let current = '';
    for (const line of html.split('<br>')) {
      if (current && current.length + line.length + 4 > INLINE_MAX) {
        parts.push(current);
        current = '';
      }
      current = current ? `${current}<br>${line}` : line;
    }
    if (current) parts.push(current);
    return parts.flatMap((part) => {
      if (part.length <= INLINE_MAX) return [part];
      this.problems.add('A very long paragraph was split, and its formatting dropped.');
      const text = visible(part);
      const chunks: string[] = [];
      for (let at = 0; at < text.length; at += INLINE_MAX / 2)
        chunks.push(escapeHtml(text.slice(at, at + INLINE_MAX / 2)));
      return chunks;
    });
  }

  /** Inline text of a caption, a cell or a list item: past a field's length, its plain text cut, and said. */
  private field(html: string): string {
    const trimmed = trimInline(html);
    if (trimmed.length <= INLINE_MAX) return trimmed;
    this.problems.add('A very long caption, cell or list item was cut short.');
    return escapeHtml(visible(trimmed).slice(0, INLINE_MAX / 2));
  }

  /**
   * Inline HTML within the allowlist. Images and frames met on the way are kept for after the
   * block (`pending`); block elements nested in inline text become line breaks around their text.
   */
  private inline(nodes: ElementContent[], lineBreaks = false): string {
    return nodes.map((node) => this.inlineNode(node, lineBreaks)).join('');
  }

  private inlineNode(node: ElementContent, lineBreaks: boolean): string {
    if (node.type === 'text') {
      if (this.options.autop && lineBreaks) return escapeHtml(node.value).replace(/\r?\n/g, '<br>');
      return escapeHtml(collapse(node.value));
    }
    if (!isElement(node)) return '';
    const name = node.tagName;
    const inner = () => this.inline(node.children, lineBreaks);
    const wrap = (tag: string) => {
      const html = inner();
      return visible(html) ? `<${tag}>${html}</${tag}>` : html;
    };
    if (name in DROPPED) {
      if (name === 'input' && attribute(node, 'type') === 'checkbox') return node.properties.checked ? '☑' : '☐';
      this.drop(node);
      return '';
    }
    if (IGNORED.has(name)) return '';
    switch (name) {
      case 'br':
        return '<br>';
      case 'b':
      case 'strong':
        return wrap('b');
      case 'i':
      case 'em':
        return wrap('i');
      case 'mark': {
        const html = inner();
        return visible(html) ? `<mark class="cdx-marker">${html}</mark>` : html;
      }
      case 'code':
      case 'kbd':
      case 'samp':
      case 'tt': {
        const text = collapse(textOf(node));
        return text.trim() ? `<code class="inline-code">${escapeHtml(text)}</code>` : escapeHtml(text);
      }
      case 'img':
      case 'iframe':
      case 'figure':
      case 'table':
        this.pending.push(node);
        return '';
      case 'sup':
      case 'a': {
        const note = this.footnoteRef(node);
        if (note) return note;
        if (name === 'sup') return inner();
        const href = attribute(node, 'href');
        const target = href && this.linkTarget(href);
        const html = inner();
        return target && visible(html) ? `<a href="${escapeHtml(target)}" rel="${STORED_LINK_REL}">${html}</a>` : html;
      }
      case 'p':
      case 'div':
      case 'li':
      case 'pre':
      case 'blockquote':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'tr': {
        const html = trimInline(
          name === 'pre' ? `<code class="inline-code">${escapeHtml(textOf(node))}</code>` : inner(),
        );
        return html ? `<br>${html}<br>` : '';
      }
      case 'ul':
      case 'ol':
        return elements(node.children)
          .map((item) => `<br>${trimInline(this.inline(item.children, lineBreaks))}`)
          .join('');
      case 'td':
      case 'th':
        return `${inner()} `;
      default:
        return inner();
    }
  }

  private linkTarget(href: string): string | null {
    const absolute = this.options.link ? this.options.link(href) : href;
    if (!absolute || absolute.length > URL_MAX) return null;
    try {
      const url = new URL(absolute);
      return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
    } catch {
      return null;
    }
  }

  /* ---------- Blocks ---------- */

  private heading(element: Element, level: number) {
    const text = this.field(this.inline(element.children));
    if (visible(text)) this.add({ type: 'header', data: { text, level } });
    this.flushPending();
  }

  private list(element: Element) {
    const style = element.tagName === 'ol' ? 'ordered' : 'unordered';
    const items = this.listItems(element);
    for (let at = 0; at < items.length; at += LIST_ITEMS_MAX)
      this.add({ type: 'list', data: { style, items: items.slice(at, at + LIST_ITEMS_MAX) } });
    this.flushPending();
  }

  private listItems(list: Element): ListItem[] {
    const items: ListItem[] = [];
    for (const child of elements(list.children)) {
      // A list written straight inside another (no <li> around it) belongs to the item before it.
      if (child.tagName === 'ul' || child.tagName === 'ol') {
        const previous = items.at(-1);
        if (previous) previous.items.push(...this.listItems(child));
        else items.push(...this.listItems(child));
        continue;
      }
      const nested = elements(child.children).filter((e) => e.tagName === 'ul' || e.tagName === 'ol');
      const own = child.children.filter((node) => !nested.includes(node as Element));
      // A task list's box, kept as a character before the item's words.
      const content = this.field(this.inline(own)).replace(/^([☑☐])\s*/, '$1 ');
      const subitems = nested.flatMap((sublist) => this.listItems(sublist)).slice(0, LIST_ITEMS_MAX);
      if (visible(content) || subitems.length) items.push({ content, items: subitems });
    }
    return items;
  }

  private quote(element: Element, figcaption = '') {
    // Twitter's and Instagram's embed code is a quote of the post followed by their script: the post is embedded.
    if (hasClass(element, 'twitter-tweet') || hasClass(element, 'instagram-media')) {
      const links = findAll(element, (e) => e.tagName === 'a' || e.tagName === 'blockquote');
      const target = [attribute(element, 'dataInstgrmPermalink'), ...links.map((a) => attribute(a, 'href'))]
        .map((href) => (href ? embedTarget(href) : null))
        .find(Boolean);
      if (target) return this.add({ type: 'embed', data: { ...target, caption: figcaption } });
    }
    const cites = elements(element.children).filter((e) => e.tagName === 'cite' || e.tagName === 'footer');
    const body = element.children.filter((node) => !cites.includes(node as Element));
    const text = this.field(this.inline(body));
    const caption = this.field(figcaption || cites.map((cite) => this.inline(cite.children)).join(' '));
    if (visible(text))
      this.add({ type: 'quote', data: { text: text.replace(/(<br>){2,}/g, '<br>'), caption, alignment: 'left' } });
    this.flushPending();
  }

  private code(element: Element) {
    const code = textOf(element).replace(/^\n/, '').replace(/\n+$/, '');
    const language = this.codeLanguage(element);
    for (let at = 0; at < code.length;) {
      let end = Math.min(code.length, at + BlockLimits.codeMax);
      if (end < code.length) {
        const newline = code.lastIndexOf('\n', end);
        if (newline > at) end = newline + 1;
        this.problems.add('A very long code block was split in several.');
      }
      const part = code.slice(at, end).replace(/\n$/, '');
      if (part.trim()) this.add({ type: 'code', data: { code: part, language } });
      at = end;
    }
  }

  private codeLanguage(pre: Element): string {
    const named = [pre, ...elements(pre.children).filter((e) => e.tagName === 'code')].flatMap((e) => [
      attribute(e, 'dataLang'),
      attribute(e, 'dataLanguage'),
      attribute(e, 'dataCodeBlockLang'),
      ...classes(e).map((name) => /^(?:language|lang|highlight|brush)[-:](.+)$/.exec(name)?.[1]),
      // SyntaxHighlighter writes `class="brush: php; gutter: true"`, which the parser splits at its spaces.
      ...classes(e).map((name, index, all) => (name === 'brush:' ? all[index + 1]?.replace(/;$/, '') : undefined)),
    ]);
    const name = named.find((value): value is string => Boolean(value));
    if (!name) return 'plain';
    const language = codeLanguage(name);
    if (!language)
      this.problems.add(`Code in "${name}" is kept as plain text: the editor does not highlight that language.`);
    return language ?? 'plain';
  }

  private image(element: Element, caption: string) {
    const lazy = ['dataSrc', 'dataLazySrc', 'dataOriginal'].map((name) => attribute(element, name)).find(Boolean);
    const src = attribute(element, 'src');
    const address = (lazy && (!src || src.startsWith('data:')) ? lazy : src)?.trim();
    if (!address) return;
    const ref =
      address.length > URL_MAX ? { problem: `An image's address is too long to keep.` } : this.options.image(address);
    if (typeof ref !== 'string') {
      this.problems.add(ref.problem);
      if (caption) this.add({ type: 'paragraph', data: { text: caption } });
      return;
    }
    const alt = collapse(attribute(element, 'alt') ?? '')
      .trim()
      .slice(0, BlockLimits.altMax);
    const width = pixels(attribute(element, 'width') ?? attribute(element, 'dataWidth'));
    const height = pixels(attribute(element, 'height') ?? attribute(element, 'dataHeight'));
    this.add(image(ref, caption, alt, width, height));
  }

  /** An iframe: the embed of a known player, else dropped and said. */
  private frame(element: Element, caption: string) {
    const src = attribute(element, 'src') ?? attribute(element, 'dataSrc') ?? '';
    const target = embedTarget(src);
    if (target) return this.add({ type: 'embed', data: { ...target, caption } });
    let host = src;
    try {
      host = new URL(src).host;
    } catch {
      // An address that does not parse is said as it is.
    }
    this.problems.add(
      `An embedded frame${host ? ` from ${host}` : ''} was left out: it is not a player the editor embeds.`,
    );
    if (caption) this.add({ type: 'paragraph', data: { text: caption } });
  }

  private figure(element: Element) {
    const captions = elements(element.children).filter((e) => e.tagName === 'figcaption');
    const caption = this.field(captions.map((c) => this.inline(c.children)).join(' '));
    const body = element.children.filter((node) => !captions.includes(node as Element));
    const inside = (test: (e: Element) => boolean) => findAll(element, (e) => e !== element && test(e));

    if (hasClass(element, 'kg-bookmark-card')) {
      const part = (name: string) => inside((e) => hasClass(e, name))[0];
      return this.linkCard(element, caption, part('kg-bookmark-title'), part('kg-bookmark-description'));
    }
    const frames = inside((e) => e.tagName === 'iframe');
    if (frames.length === 1) return this.frame(frames[0]!, caption);
    // Gutenberg's embed block names the page it embeds as the text of its wrapper.
    const wrapper = inside((e) => hasClass(e, 'wp-block-embed__wrapper'))[0];
    const embedded = wrapper && embedTarget(textOf(wrapper).trim());
    if (embedded) return this.add({ type: 'embed', data: { ...embedded, caption } });
    const quotes = inside((e) => e.tagName === 'blockquote');
    if (quotes.length === 1 && !inside((e) => e.tagName === 'img').length) return this.quote(quotes[0]!, caption);
    const images = inside((e) => e.tagName === 'img');
    const others = inside((e) => ['pre', 'table', 'ul', 'ol', 'figure', 'p'].includes(e.tagName));
    if (images.length === 1 && !others.length) return this.image(images[0]!, caption);
    this.flow(body);
    if (visible(caption)) this.add({ type: 'paragraph', data: { text: caption } });
  }

  /** A link card (Ghost's bookmark card, Medium's mixtape embed): a link block with the page's title and description. */
  private linkCard(element: Element, caption: string, title: Element | undefined, description: Element | undefined) {
    const anchor = findAll(element, (e) => e.tagName === 'a')[0];
    const link = anchor && this.linkTarget(attribute(anchor, 'href') ?? '');
    const words = (part: Element | undefined) => (part ? collapse(textOf(part)).trim() : '');
    if (link && /^https?:/.test(link))
      this.add({
        type: 'link',
        data: { link, meta: { title: words(title).slice(0, 500), description: words(description).slice(0, 2000) } },
      });
    if (visible(caption)) this.add({ type: 'paragraph', data: { text: caption } });
  }

  private table(element: Element) {
    const rows = findAll(element, (e) => e.tagName === 'tr').filter((row) =>
      findAll(element, (e) => e.tagName === 'table' && e !== element).every(
        (inner) => !findAll(inner, (e) => e === row).length,
      ),
    );
    const content = rows.map((row) =>
      elements(row.children)
        .filter((cell) => cell.tagName === 'td' || cell.tagName === 'th')
        .flatMap((cell) => {
          const span = Math.min(BlockLimits.tableColumnsMax, Math.max(1, Number(attribute(cell, 'colSpan')) || 1));
          return [this.field(this.inline(cell.children)), ...Array<string>(span - 1).fill('')];
        }),
    );
    const headed =
      findAll(element, (e) => e.tagName === 'thead').length > 0 ||
      (rows[0] !== undefined && elements(rows[0].children).every((cell) => cell.tagName === 'th'));
    const columns = Math.max(0, ...content.map((row) => row.length));
    if (columns > BlockLimits.tableColumnsMax)
      this.problems.add(
        `A table had ${columns} columns; those past the ${BlockLimits.tableColumnsMax}th were left out.`,
      );
    const cut = content.map((row) => row.slice(0, BlockLimits.tableColumnsMax));
    const head = headed ? cut.slice(0, 1) : [];
    const body = headed ? cut.slice(1) : cut;
    const perTable = BlockLimits.tableRowsMax - head.length;
    if (body.length > perTable)
      this.problems.add(`A table longer than ${BlockLimits.tableRowsMax} rows was split in several.`);
    for (let at = 0; at < Math.max(1, body.length); at += perTable)
      this.add({ type: 'table', data: { withHeadings: headed, content: [...head, ...body.slice(at, at + perTable)] } });
    const captions = elements(element.children).filter((e) => e.tagName === 'caption');
    const caption = this.field(captions.map((c) => this.inline(c.children)).join(' '));
    if (visible(caption)) this.add({ type: 'paragraph', data: { text: caption } });
    this.flushPending();
  }

  /* ---------- Footnotes: kept as numbered notes at the end ---------- */

  /** The footnote lists of GitHub Markdown, markdown-it (Ghost), WordPress and the like, and their notes by id. */
  private findFootnotes(root: Root) {
    const top: Element = {
      type: 'element',
      tagName: 'root',
      properties: {},
      children: root.children as ElementContent[],
    };
    const lists = findAll(
      top,
      (e) =>
        ['section', 'div', 'ol'].includes(e.tagName) &&
        (hasClass(e, 'footnotes') || hasClass(e, 'wp-block-footnotes') || 'dataFootnotes' in e.properties),
    );
    for (const list of lists) {
      const notes = findAll(list, (e) => e.tagName === 'li' && typeof e.properties.id === 'string');
      if (!notes.length) continue;
      this.footnoteLists.add(list);
      for (const note of notes) this.footnotes.set(String(note.properties.id), { element: note });
    }
  }

  /** `[n]` for a reference to a footnote (a link to a note, or the `<sup>` holding it); null for anything else. */
  private footnoteRef(element: Element): string | null {
    const anchor = element.tagName === 'a' ? element : elements(element.children).find((e) => e.tagName === 'a');
    const href = anchor && attribute(anchor, 'href');
    const note = href?.startsWith('#') ? this.footnotes.get(decodeURIComponent(href.slice(1))) : undefined;
    if (!note) return null;
    note.number ??= ++this.footnoteCount;
    return `[${note.number}]`;
  }

  private addNotes() {
    if (!this.footnotes.size) return;
    const notes = [...this.footnotes.values()].sort(
      (a, b) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER),
    );
    const items = notes.map(({ element }) => {
      // The note's links back to where it was referenced mean nothing once the notes are a list.
      const backlinks = findAll(element, (e) => e.tagName === 'a' && (attribute(e, 'href') ?? '').startsWith('#'));
      const strip = (nodes: ElementContent[]): ElementContent[] =>
        nodes
          .filter((node) => !backlinks.includes(node as Element))
          .map((node) => (isElement(node) ? { ...node, children: strip(node.children) } : node));
      return { content: this.field(this.inline(strip(element.children))), items: [] };
    });
    this.add({ type: 'delimiter', data: {} });
    this.add({ type: 'paragraph', data: { text: '<b>Notes</b>' } });
    this.add({ type: 'list', data: { style: 'ordered', items: items.filter((item) => visible(item.content)) } });
    this.flushPending();
    this.problems.add('Footnotes were kept as numbered notes at the end of the post ([1] in the text).');
  }
}

/** Converts a hast tree (parsed HTML, or Markdown turned to hast) to the editor's blocks. */
export const hastToBlocks = (root: Root, options: BlockOptions): Converted => new Converter(options).convert(root);

/** Converts an HTML fragment to the editor's blocks. */
export const htmlToBlocks = (html: string, options: BlockOptions): Converted =>
  hastToBlocks(fromHtml(html, { fragment: true }), options);
