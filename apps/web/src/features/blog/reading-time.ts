import type { ContentBlock, ListItem } from '@inkwell/contracts';
import { inlineText } from './components/inline-html.tsx';

const WORDS_PER_MINUTE = 200;

const listText = (items: (string | ListItem)[]): string[] =>
  items.flatMap((item) => (typeof item === 'string' ? [item] : [item.content, ...listText(item.items)]));

/** The text a reader reads in a block (captions included), as inline HTML. */
function blockText(block: ContentBlock): string[] {
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
      return listText(block.data.items);
    case 'link':
      return [block.data.meta.title ?? '', block.data.meta.description ?? ''];
  }
}

/** Minutes to read the blocks at 200 words a minute, at least 1. */
export function readingMinutes(blocks: ContentBlock[]): number {
  const words = blocks.flatMap(blockText).reduce((n, html) => n + inlineText(html).split(/\s+/).filter(Boolean).length, 0);
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
