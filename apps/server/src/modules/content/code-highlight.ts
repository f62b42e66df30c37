import { createRequire } from 'node:module';
import { CODE_LANGUAGES, escapeHtml, HIGHLIGHT_CLASS, type CodeLanguage } from '@inkwell/contracts';

/** The part of highlight.js used here. */
interface Highlighter {
  versionString: string;
  newInstance(): Highlighter;
  registerLanguage(name: string, grammar: unknown): void;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}

/*
 * Loaded through require, so untyped: highlight.js's own types reference the DOM library
 * (`/// <reference lib="dom" />`), which would turn the whole server's fetch and stream types into
 * the browser's. A language of CODE_LANGUAGES without a grammar fails here, as the server starts.
 */
const require = createRequire(import.meta.url);
const highlighter = (require('highlight.js/lib/core') as Highlighter).newInstance();
for (const name of Object.keys(CODE_LANGUAGES)) {
  if (name !== 'plain') highlighter.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));
}

/** The highlighter's release: a new one may highlight otherwise, so what is stored is highlighted again (rendered-content.ts). */
export const HIGHLIGHTER_VERSION = highlighter.versionString;

/** A span's classes cut to highlight.js's own (a sub-language's `language-xml` goes), as the page's second pass would. */
const keepHighlightClasses = (html: string) =>
  html.replace(/<span class="([^"]*)">/g, (_, classes: string) => {
    const kept = classes.split(' ').filter((name) => HIGHLIGHT_CLASS.test(name));
    return kept.length ? `<span class="${kept.join(' ')}">` : '<span>';
  });

/**
 * Syntax highlighting happens here, on the server, when a blog is saved: the reading pages ship no
 * highlighter, and a read highlights nothing. The code as HTML: its text escaped, wrapped in
 * `<span class="hljs-…">` (nothing else). Illegal syntax is highlighted as far as it goes rather
 * than refused; plain text is only escaped.
 */
export function highlightCode(code: string, language: CodeLanguage): string {
  if (language === 'plain') return escapeHtml(code);
  return keepHighlightClasses(highlighter.highlight(code, { language, ignoreIllegals: true }).value);
}
