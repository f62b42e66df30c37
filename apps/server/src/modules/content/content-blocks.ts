import {
  BlockLimits,
  EMBED_ORIGINS,
  embedPlayerUrl,
  isCodeLanguage,
  webUrl,
  type ContentBlock,
  type EditorOutput,
  type ListItem,
} from '@inkwell/contracts';
import { badRequest } from '../../http-error.ts';
import { isSitePath } from '../../site-origin.ts';
import { inlineText, sanitizeInlineHtml } from './inline-html.ts';

const isWebUrl = (value: string) => webUrl(value) !== null;

/**
 * An image we can show: a path on this site (an upload, or any address of ours: the ImageUrl codec
 * stores every URL on our origin as its path), or an http(s) URL.
 */
export const isImageUrl = (value: string) => isSitePath(value) || isWebUrl(value);

const blockError = (index: number, message: string) =>
  badRequest({ code: 'invalid_block', message: `Block ${index + 1}: ${message}` });

const plain = (value: string | undefined) => (value === undefined ? undefined : value.trim());

function cleanListItems(items: (string | ListItem)[]): (string | ListItem)[] {
  const kept: (string | ListItem)[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      if (inlineText(item)) kept.push(item);
      continue;
    }
    const children = cleanListItems(item.items) as ListItem[];
    if (inlineText(item.content) || children.length) kept.push({ ...item, items: children });
  }
  return kept;
}

const sanitizeListItems = (items: (string | ListItem)[]): (string | ListItem)[] =>
  items.map((item) =>
    typeof item === 'string'
      ? sanitizeInlineHtml(item)
      : { ...item, content: sanitizeInlineHtml(item.content), items: sanitizeListItems(item.items) as ListItem[] },
  );

/**
 * The block with every inline HTML field of it (text, captions, list items, table cells) cut to the
 * allowlist, nothing else changed: the first step of a save, and how a stored blog is rendered
 * again when the sanitiser's rules change (rendered-content.ts).
 */
export function sanitizeBlock(block: ContentBlock): ContentBlock {
  switch (block.type) {
    case 'paragraph':
      return { ...block, data: { ...block.data, text: sanitizeInlineHtml(block.data.text) } };
    case 'header':
      return { ...block, data: { ...block.data, text: sanitizeInlineHtml(block.data.text) } };
    case 'image':
      return { ...block, data: { ...block.data, caption: sanitizeInlineHtml(block.data.caption) } };
    case 'embed':
      return { ...block, data: { ...block.data, caption: sanitizeInlineHtml(block.data.caption) } };
    case 'quote':
      return {
        ...block,
        data: {
          ...block.data,
          text: sanitizeInlineHtml(block.data.text),
          caption: sanitizeInlineHtml(block.data.caption),
        },
      };
    case 'list':
      return { ...block, data: { ...block.data, items: sanitizeListItems(block.data.items) } };
    case 'table':
      return {
        ...block,
        data: { ...block.data, content: block.data.content.map((row) => row.map(sanitizeInlineHtml)) },
      };
    default:
      return block;
  }
}

/** A table's rows, every one as long as the longest (the short ones padded); null when no cell has text. */
function cleanTable(content: string[][], index: number): string[][] | null {
  if (content.length > BlockLimits.tableRowsMax)
    throw blockError(index, `a table may have at most ${BlockLimits.tableRowsMax} rows`);
  const columns = Math.max(0, ...content.map((row) => row.length));
  if (columns > BlockLimits.tableColumnsMax)
    throw blockError(index, `a table may have at most ${BlockLimits.tableColumnsMax} columns`);
  const rows = content.map((row) => Array.from({ length: columns }, (_, i) => row[i] ?? ''));
  return rows.some((row) => row.some((cell) => inlineText(cell))) ? rows : null;
}

/**
 * One sanitised block made ready to store, null when it is empty and the editor would drop it
 * (empty paragraphs and lists), or a 400 naming the block when its data breaks a rule.
 */
function cleanBlock(block: ContentBlock, index: number): ContentBlock | null {
  switch (block.type) {
    case 'paragraph':
      return inlineText(block.data.text) ? { ...block, data: { text: block.data.text } } : null;
    case 'header':
      if (!inlineText(block.data.text)) throw blockError(index, 'a heading needs text');
      return block;
    case 'image': {
      if (!isImageUrl(block.data.file.url)) throw blockError(index, 'an image needs an uploaded image URL');
      const { url, width, height } = block.data.file;
      const file = { url, ...(width && height && { width, height }) };
      const alt = block.data.alt?.trim() ?? '';
      if (alt.length > BlockLimits.altMax)
        throw blockError(index, `alt text must be at most ${BlockLimits.altMax} characters`);
      return { ...block, data: { ...block.data, file, alt } };
    }
    case 'quote':
      return block;
    case 'list': {
      const items = cleanListItems(block.data.items);
      return items.length ? { ...block, data: { ...block.data, items } } : null;
    }
    case 'link': {
      if (!isWebUrl(block.data.link)) throw blockError(index, 'a link must be an http or https URL');
      const { title, description, image } = block.data.meta;
      const meta = {
        ...(title !== undefined && { title: plain(title) }),
        ...(description !== undefined && { description: plain(description) }),
        ...(image && isImageUrl(image.url) && { image: { url: image.url } }),
      };
      return { ...block, data: { link: block.data.link, meta } };
    }
    case 'embed': {
      const { service, source } = block.data;
      if (!EMBED_ORIGINS[service]) throw blockError(index, `embeds from "${service}" are not supported`);
      const embed = embedPlayerUrl(service, block.data.embed);
      if (!embed) throw blockError(index, `the embed address is not a ${service} player`);
      if (!isWebUrl(source)) throw blockError(index, 'the embed source must be an http or https URL');
      return { ...block, data: { ...block.data, embed } };
    }
    case 'code': {
      const { code, language } = block.data;
      if (code.length > BlockLimits.codeMax)
        throw blockError(index, `code must be at most ${BlockLimits.codeMax} characters`);
      if (!isCodeLanguage(language)) throw blockError(index, `code in "${language}" is not supported`);
      // `html` is the highlighting get-blog answers with, stored beside the content (rendered-content.ts).
      return code.trim() ? { ...block, data: { code, language } } : null;
    }
    case 'delimiter':
      return { ...block, data: {} };
    case 'table': {
      const content = cleanTable(block.data.content, index);
      return (
        content && {
          ...block,
          data: {
            withHeadings: block.data.withHeadings,
            ...(block.data.stretched !== undefined && { stretched: block.data.stretched }),
            content,
          },
        }
      );
    }
  }
}

/** The editor's output as stored: inline HTML cut to the allowlist, every block checked, empties dropped. */
export function cleanEditorOutput(output: EditorOutput | undefined): EditorOutput {
  const blocks: ContentBlock[] = [];
  (output?.blocks ?? []).forEach((block, index) => {
    const cleaned = cleanBlock(sanitizeBlock(block), index);
    if (cleaned) blocks.push(cleaned);
  });
  return {
    ...(output?.time !== undefined && { time: output.time }),
    blocks,
    ...(output?.version !== undefined && { version: output.version }),
  };
}
