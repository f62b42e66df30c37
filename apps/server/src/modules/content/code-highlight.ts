import { createRequire } from 'node:module';
import { CODE_LANGUAGES, escapeHtml, type CodeLanguage } from '@inkwell/contracts';

/** The part of highlight.js used here. */
interface Highlighter {
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

/**
 * Syntax highlighting happens here, on the server, for every code block get-blog answers with: the
 * reading pages ship no highlighter. The code as HTML: its text escaped, wrapped in
 * `<span class="hljs-…">` (nothing else). Illegal syntax is highlighted as far as it goes rather
 * than refused; plain text is only escaped.
 */
export function highlightCode(code: string, language: CodeLanguage): string {
  if (language === 'plain') return escapeHtml(code);
  return highlighter.highlight(code, { language, ignoreIllegals: true }).value;
}
