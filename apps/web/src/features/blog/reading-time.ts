import { blockTexts, type ContentBlock } from '@inkwell/contracts';
import { inlineText } from './components/inline-html.tsx';

const WORDS_PER_MINUTE = 200;

/** Minutes to read the blocks at 200 words a minute, at least 1. */
export function readingMinutes(blocks: ContentBlock[]): number {
  const words = blocks.flatMap(blockTexts).reduce((n, html) => n + inlineText(html).split(/\s+/).filter(Boolean).length, 0);
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
