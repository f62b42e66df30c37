import { isCodeLanguage, type CodeLanguage } from '@inkwell/contracts';

/** The other names sources give the languages a code block may have (Markdown fences, highlighters' classes). */
const ALIASES: Record<string, CodeLanguage> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellsession: 'bash',
  terminal: 'bash',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  html: 'xml',
  htm: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  yml: 'yaml',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  h: 'c',
  cs: 'csharp',
  'c#': 'csharp',
  golang: 'go',
  rs: 'rust',
  md: 'markdown',
  mdx: 'markdown',
  kt: 'kotlin',
  kts: 'kotlin',
  patch: 'diff',
  json5: 'json',
  jsonc: 'json',
  scss: 'css',
  less: 'css',
  mysql: 'sql',
  psql: 'sql',
  postgres: 'sql',
  postgresql: 'sql',
  sqlite: 'sql',
  plsql: 'sql',
  text: 'plain',
  txt: 'plain',
  plaintext: 'plain',
  none: 'plain',
  nohighlight: 'plain',
};

/** A source's name for a language as the code block stores it, or null when Inkwell has no such language. */
export function codeLanguage(name: string): CodeLanguage | null {
  const key = name.trim().toLowerCase();
  if (isCodeLanguage(key)) return key;
  return ALIASES[key] ?? null;
}
