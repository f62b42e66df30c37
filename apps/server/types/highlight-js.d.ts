/*
 * The part of highlight.js the server uses. Its own types reference the DOM library
 * (`/// <reference lib="dom" />`), which would turn the server's fetch and stream types into the
 * browser's; tsconfig.json maps `highlight.js/lib/*` here (core and each language alike).
 */
export type LanguageFn = (hljs: unknown) => unknown;

interface Highlighter {
  newInstance(): Highlighter;
  registerLanguage(name: string, language: LanguageFn): void;
  highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
}

/** The default export of core (a highlighter) and of each language (a grammar): one file serves both. */
declare const hljs: Highlighter & LanguageFn;
export default hljs;
