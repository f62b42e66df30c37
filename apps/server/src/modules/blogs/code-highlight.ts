import { escapeHtml, type CodeLanguage } from '@inkwell/contracts';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * Syntax highlighting happens here, on the server, for every code block get-blog answers with:
 * the reading pages ship no highlighter. Only the allowlist's languages are registered (a
 * TypeScript error here when CODE_LANGUAGES gains one without its grammar).
 */
const GRAMMARS: Record<Exclude<CodeLanguage, 'plain'>, typeof bash> = {
  bash, c, cpp, csharp, css, diff, go, java, javascript, json, kotlin, markdown, php, python, ruby, rust, sql, swift, typescript, xml, yaml,
};
const highlighter = hljs.newInstance();
for (const [name, grammar] of Object.entries(GRAMMARS)) highlighter.registerLanguage(name, grammar);

/**
 * The code as HTML: its text escaped, wrapped in `<span class="hljs-…">` (nothing else). Illegal
 * syntax is highlighted as far as it goes rather than refused; plain text is only escaped.
 */
export function highlightCode(code: string, language: CodeLanguage): string {
  if (language === 'plain') return escapeHtml(code);
  return highlighter.highlight(code, { language, ignoreIllegals: true }).value;
}
