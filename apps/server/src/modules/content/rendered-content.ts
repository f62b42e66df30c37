import { isCodeLanguage, type ContentBlock, type EditorOutput } from '@inkwell/contracts';
import { HIGHLIGHTER_VERSION, highlightCode } from './code-highlight.ts';
import { sanitizeBlock } from './content-blocks.ts';
import { contentWordCount } from './content-html.ts';

/**
 * The rules a stored blog was rendered by. Raise RULES when the sanitiser (inline-html.ts) or the
 * highlighting (code-highlight.ts) would write anything otherwise; a new release of highlight.js
 * counts by itself. A blog stored by other rules is rendered again (the blogs' re-render job), and
 * answered as rendered now until it is.
 */
const RULES = 1;
export const RENDER_VERSION = `${RULES}/highlight.js ${HIGHLIGHTER_VERSION}`;

/** What is stored of a blog's words: the content, each code block's highlighting, its words, and by which rules. */
export interface RenderedContent {
  content: EditorOutput;
  /** One per code block, in order: its highlighted HTML, or null for a language not highlighted. */
  codeHtml: (string | null)[];
  wordCount: number;
  renderVersion: string;
}

/** Content a save checked (cleanEditorOutput), with what it is stored with: its code highlighted once, here. */
export function renderContent(content: EditorOutput): RenderedContent {
  const codeHtml = content.blocks.flatMap((block) =>
    block.type === 'code'
      ? [isCodeLanguage(block.data.language) ? highlightCode(block.data.code, block.data.language) : null]
      : [],
  );
  return { content, codeHtml, wordCount: contentWordCount(content.blocks), renderVersion: RENDER_VERSION };
}

/**
 * Stored content rendered by today's rules: its inline HTML through today's sanitiser (a fixed
 * point for markup it wrote itself, so only what a new rule cuts changes), its code highlighted again.
 */
export const renderAgain = (stored: EditorOutput): RenderedContent =>
  renderContent({ ...stored, blocks: stored.blocks.map(sanitizeBlock) });

/** The blocks as get-blog answers them: each code block with its stored highlighting as `html`. */
export function withHighlighting(blocks: ContentBlock[], codeHtml: (string | null)[]): ContentBlock[] {
  let next = 0;
  return blocks.map((block) => {
    if (block.type !== 'code') return block;
    const html = codeHtml[next++];
    return html == null ? block : { ...block, data: { ...block.data, html } };
  });
}
