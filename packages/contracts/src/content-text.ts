import type { ContentBlock, ListItem } from './blog.ts';
import { escapeHtml } from './escape-html.ts';

const listTexts = (items: (string | ListItem)[]): string[] =>
  items.flatMap((item) => (typeof item === 'string' ? [item] : [item.content, ...listTexts(item.items)]));

/**
 * The text a reader reads in a block, captions included, as inline HTML: what the server counts
 * the words of, for reading time and schema.org's wordCount. Code counts like prose (a reader
 * reads it, slowly or not); an image's alt text does not (only screen readers say it).
 */
export function blockTexts(block: ContentBlock): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'header':
      return [block.data.text];
    case 'quote':
      return [block.data.text, block.data.caption];
    case 'image':
    case 'embed':
      return [block.data.caption];
    case 'list':
      return listTexts(block.data.items);
    case 'code':
      return [escapeHtml(block.data.code)];
    case 'table':
      return block.data.content.flat();
    case 'delimiter':
      return [];
    case 'link':
      // A link card's page title and description are plain text.
      return [escapeHtml(block.data.meta.title ?? ''), escapeHtml(block.data.meta.description ?? '')];
  }
}
