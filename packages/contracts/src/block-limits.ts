/**
 * The code, table and image-alt rules of issue 17's blocks, shared by the editor (its language
 * choice) and the server (which checks them on save and highlights code with exactly these languages).
 */

/** The languages a code block may name, as highlight.js names them, with the label the editor shows. */
export const CODE_LANGUAGES = {
  plain: 'Plain text',
  bash: 'Bash / Shell',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  diff: 'Diff',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  json: 'JSON',
  kotlin: 'Kotlin',
  markdown: 'Markdown',
  php: 'PHP',
  python: 'Python',
  ruby: 'Ruby',
  rust: 'Rust',
  sql: 'SQL',
  swift: 'Swift',
  typescript: 'TypeScript',
  xml: 'HTML / XML',
  yaml: 'YAML',
} as const;
export type CodeLanguage = keyof typeof CODE_LANGUAGES;
export const DEFAULT_CODE_LANGUAGE: CodeLanguage = 'plain';
export const isCodeLanguage = (value: string): value is CodeLanguage => Object.hasOwn(CODE_LANGUAGES, value);

export const BlockLimits = {
  codeMax: 100_000,
  tableRowsMax: 100,
  tableColumnsMax: 20,
  altMax: 1000,
} as const;
