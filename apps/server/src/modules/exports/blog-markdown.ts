import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast, type Handle } from 'hast-util-to-mdast';
import type { BlockContent, List, ListItem, Paragraph, PhrasingContent, RootContent, TableRow } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { stringify } from 'yaml';
import { webUrl, type ContentBlock, type ListItem as StoredListItem } from '@inkwell/contracts';
import type { ExportedBlog } from './export-format.ts';

/*
 * A blog as a Markdown file with YAML front matter (`blogs/<blog_id>.md` of an export), for Hugo,
 * Jekyll and anything else that reads CommonMark with GitHub's tables. Each block becomes its own
 * Markdown node, so a heading keeps its level and a list its nesting; the inline HTML of a block's
 * text (b, i, a, code, mark, br) goes through hast-util-to-mdast. The JSON beside it is what an
 * import reads: this file is for people and other programs, and loses what Markdown cannot say.
 */

/** `<mark>` has no Markdown: it stays inline HTML around its text, which CommonMark allows. */
const mark: Handle = (state, node: Element) => [
  { type: 'html', value: '<mark>' },
  ...(state.all(node) as PhrasingContent[]),
  { type: 'html', value: '</mark>' },
];

/** A block's inline HTML as Markdown's inline nodes: read as a paragraph's, so the marks' HTML stays inline with its spaces. */
function phrasing(html: string): PhrasingContent[] {
  const tree = toMdast(fromHtml(`<p>${html}</p>`, { fragment: true }), { handlers: { mark } });
  return tree.type === 'root'
    ? tree.children.flatMap((child) => (child.type === 'paragraph' ? child.children : [child as PhrasingContent]))
    : [];
}

const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** A cell of a GFM table is one line: a line break inside it stays `<br>`. */
const oneLine = (nodes: PhrasingContent[]): PhrasingContent[] =>
  nodes.map((node) =>
    node.type === 'break'
      ? { type: 'html', value: '<br>' }
      : 'children' in node
        ? ({ ...node, children: oneLine(node.children as PhrasingContent[]) } as PhrasingContent)
        : node,
  );

/** An export's image (`images/<file>`, relative to the zip's root) as seen from `blogs/`; an outside URL as it is. */
const fromBlogsFolder = (url: string) => (url.startsWith('images/') ? `../${url}` : url);

function list(ordered: boolean, items: (string | StoredListItem)[], start?: unknown): List {
  return {
    type: 'list',
    ordered,
    ...(ordered && typeof start === 'number' && start !== 1 ? { start } : {}),
    spread: false,
    children: items.map((item): ListItem => ({
      type: 'listItem',
      spread: false,
      children:
        typeof item === 'string'
          ? [paragraph(phrasing(item))]
          : [paragraph(phrasing(item.content)), ...(item.items.length ? [list(ordered, item.items)] : [])],
    })),
  };
}

function tableRows(content: string[][], withHeadings: boolean): TableRow[] {
  const width = Math.max(0, ...content.map((row) => row.length));
  const row = (cells: string[]): TableRow => ({
    type: 'tableRow',
    children: Array.from({ length: width }, (_, i) => ({
      type: 'tableCell',
      children: oneLine(phrasing(cells[i] ?? '')),
    })),
  });
  // GFM has no table without a heading row: one without headings gets an empty one, its rows all below it.
  return withHeadings ? content.map(row) : [row([]), ...content.map(row)];
}

function blockNodes(block: ContentBlock): RootContent[] {
  switch (block.type) {
    case 'paragraph':
      return [paragraph(phrasing(block.data.text))];
    case 'header':
      return [
        { type: 'heading', depth: block.data.level as 1 | 2 | 3 | 4 | 5 | 6, children: phrasing(block.data.text) },
      ];
    case 'image': {
      const { file, alt, caption } = block.data;
      const image: PhrasingContent = { type: 'image', url: fromBlogsFolder(file.url), alt: alt ?? null };
      return [paragraph([image]), ...(caption ? [paragraph([{ type: 'emphasis', children: phrasing(caption) }])] : [])];
    }
    case 'quote': {
      const { text: words, caption } = block.data;
      const quoted: BlockContent[] = [paragraph(phrasing(words))];
      if (caption) quoted.push(paragraph([text('— '), ...phrasing(caption)]));
      return [{ type: 'blockquote', children: quoted }];
    }
    case 'list':
      return [list(block.data.style === 'ordered', block.data.items, block.data.meta?.start)];
    case 'code':
      return [
        { type: 'code', lang: block.data.language === 'plain' ? null : block.data.language, value: block.data.code },
      ];
    case 'delimiter':
      return [{ type: 'thematicBreak' }];
    case 'table':
      return [{ type: 'table', children: tableRows(block.data.content, block.data.withHeadings) }];
    case 'link': {
      const { link, meta } = block.data;
      const url = webUrl(link);
      if (!url) return [];
      const card = paragraph([{ type: 'link', url: url.href, children: [text(meta.title || url.hostname)] }]);
      return meta.description ? [card, paragraph([text(meta.description)])] : [card];
    }
    case 'embed': {
      const { service, source, caption } = block.data;
      const url = webUrl(source);
      if (!url) return [];
      const link = paragraph([{ type: 'link', url: url.href, children: [text(`${service}: ${url.href}`)] }]);
      return caption ? [link, paragraph([{ type: 'emphasis', children: phrasing(caption) }])] : [link];
    }
  }
}

/** The front matter: what Hugo and Jekyll read of a post (a missing banner is left out, not empty). */
function frontMatter(blog: ExportedBlog): string {
  return stringify({
    title: blog.title,
    description: blog.des,
    date: blog.publishedAt ?? blog.createdAt,
    updated: blog.updatedAt,
    tags: blog.tags,
    draft: blog.draft,
    ...(blog.banner ? { banner: fromBlogsFolder(blog.banner) } : {}),
    author: blog.author,
  });
}

/** The blog's Markdown file: front matter between `---` lines, then the blocks. */
export function blogMarkdown(blog: ExportedBlog): string {
  const body = toMarkdown(
    { type: 'root', children: blog.content.blocks.flatMap(blockNodes) },
    { extensions: [gfmToMarkdown()], rule: '-', bullet: '-', fences: true, listItemIndent: 'one' },
  );
  return `---\n${frontMatter(blog)}---\n\n${body}`;
}
