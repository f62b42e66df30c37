/**
 * What other modules may use of content: a blog's blocks checked and cleaned, and rendered (HTML
 * for feeds and the fediverse, highlighted code, words and reading time). Pure functions, no database.
 */
export { cleanEditorOutput, isImageUrl } from './content-blocks.ts';
export { highlightCode } from './code-highlight.ts';
export { contentHtml, contentWordCount, readingMinutes } from './content-html.ts';
