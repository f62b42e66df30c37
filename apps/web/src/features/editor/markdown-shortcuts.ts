/**
 * Markdown typed into the editor becomes what it stands for (issue 17). What each marker gives
 * is the two tables below; finding a marker only reads text (tested without a browser), and
 * attachMarkdownShortcuts applies what it finds through Editor.js's API.
 */
import type { API } from '@editorjs/editorjs';

/** The paragraph's content after the marker: as inline HTML, and as plain text for a tool that keeps no markup. */
export interface Rest {
  html: string;
  text: string;
}

/** A marker typed at the very start of a paragraph turns the paragraph into another block. */
export interface BlockShortcut {
  marker: string;
  /** The Editor.js tool name (editor-tools.ts). */
  tool: string;
  /** The new block's data, holding the paragraph's content after the marker. */
  data: (rest: Rest) => Record<string, unknown>;
  /** For a block that holds no text: the content after the marker goes in a new paragraph after it, with the caret. */
  restAfter?: true;
}

const header = (level: number) => (rest: Rest) => ({ text: rest.html, level });
const list = (style: 'ordered' | 'unordered') => (rest: Rest) => ({
  style,
  meta: {},
  items: [{ content: rest.html, meta: {}, items: [] }],
});

export const BLOCK_SHORTCUTS: readonly BlockShortcut[] = [
  { marker: '# ', tool: 'header', data: header(1) },
  { marker: '## ', tool: 'header', data: header(2) },
  { marker: '### ', tool: 'header', data: header(3) },
  { marker: '- ', tool: 'list', data: list('unordered') },
  { marker: '* ', tool: 'list', data: list('unordered') },
  { marker: '1. ', tool: 'list', data: list('ordered') },
  { marker: '> ', tool: 'quote', data: (rest) => ({ text: rest.html, caption: '', alignment: 'left' }) },
  { marker: '```', tool: 'code', data: (rest) => ({ code: rest.text }) },
  { marker: '---', tool: 'delimiter', data: () => ({}), restAfter: true },
];

/** Text wrapped in a pair of markers becomes inline markup once the closing marker is typed. */
export interface InlineShortcut {
  /** Matches the text before the caret ending in the closing marker; group 1 is the wrapped text. */
  pattern: RegExp;
  tag: 'b' | 'i' | 'code';
  /** The class the toolbar's own tool gives it (inline code is `code.inline-code`, as the server's allowlist keeps it). */
  className?: string;
}

/**
 * The wrapped text neither starts nor ends with a space (so `2 * 3 * 4` stays as typed), and an
 * underscore inside a word (snake_case_name) opens nothing.
 */
export const INLINE_SHORTCUTS: readonly InlineShortcut[] = [
  { pattern: /\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/u, tag: 'b' },
  { pattern: /(?<![\p{L}\p{N}_])_([^_\s](?:[^_]*[^_\s])?)_$/u, tag: 'i' },
  { pattern: /`([^`\s](?:[^`]*[^`\s])?)`$/u, tag: 'code', className: 'inline-code' },
];

/** A browser types a space at the end of editable text as a no-break space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** The block shortcut whose marker is all the text before the caret, if any. */
export function blockShortcutFor(textBeforeCaret: string): BlockShortcut | undefined {
  const typed = plain(textBeforeCaret);
  return BLOCK_SHORTCUTS.find((shortcut) => shortcut.marker === typed);
}

export interface InlineMatch {
  shortcut: InlineShortcut;
  /** Where the opening marker starts, in the text given. */
  start: number;
  /** The wrapped text, without its markers. */
  text: string;
}

/** The inline shortcut that the last character of `textBeforeCaret` closes, if any. */
export function inlineShortcutFor(textBeforeCaret: string): InlineMatch | undefined {
  const typed = plain(textBeforeCaret);
  for (const shortcut of INLINE_SHORTCUTS) {
    const match = shortcut.pattern.exec(typed);
    // A lookbehind takes no characters, so the match starts at the opening marker.
    if (match) return { shortcut, start: match.index, text: match[1]! };
  }
  return undefined;
}

/** Where block markers work: a paragraph's text. */
const PARAGRAPH = '.ce-paragraph';
/** Where inline markers work: the text of paragraphs, headings, list items and quotes (not captions, not code). */
const INLINE_TEXT = '.ce-paragraph, .ce-header, .cdx-list__item-content, .cdx-quote__text';

type Editor = Pick<API, 'blocks' | 'caret'>;

/**
 * Watches what is typed in the editor's holder. Only typed characters count (inputType
 * insertText): a paste, a drop or an input method's text in progress is left as it arrives.
 * `tools` are the registered tool names: a marker for a tool the editor lacks stays text.
 */
export function attachMarkdownShortcuts(holder: HTMLElement, editor: Editor, tools: ReadonlySet<string>) {
  /** The element inline markers made last, and the no-break space typed just after it, while the caret is still there. */
  let wrapped: Element | null = null;
  let spaceAfter: Text | null = null;
  holder.addEventListener('beforeinput', (event) => {
    const [element, space] = [wrapped, spaceAfter];
    wrapped = spaceAfter = null;
    if (event.inputType !== 'insertText' || !event.data) return;
    if (element) {
      const typed = typeAfter(element, event.data);
      if (typed) event.preventDefault();
      if (typed?.data === NO_BREAK_SPACE) spaceAfter = typed;
    } else if (space && unfoldSpace(space, event.data)) event.preventDefault();
  });
  holder.addEventListener('input', (event) => {
    if (!(event instanceof InputEvent) || event.inputType !== 'insertText' || event.isComposing) return;
    const host = event.target;
    const caret = window.getSelection();
    if (!(host instanceof HTMLElement) || !caret?.isCollapsed || !caret.anchorNode || !host.contains(caret.anchorNode))
      return;
    const beforeCaret = document.createRange();
    beforeCaret.selectNodeContents(host);
    beforeCaret.setEnd(caret.anchorNode, caret.anchorOffset);
    if (host.matches(PARAGRAPH)) {
      const shortcut = blockShortcutFor(beforeCaret.toString());
      if (shortcut && tools.has(shortcut.tool)) {
        beforeCaret.deleteContents();
        turnInto(editor, host, shortcut);
        return;
      }
    }
    if (host.matches(INLINE_TEXT) && caret.anchorNode instanceof Text)
      wrapped = wrapInline(caret.anchorNode, caret.anchorOffset) ?? null;
  });
}

/**
 * Replaces the paragraph `host` (its marker already taken out) with the shortcut's block, and puts
 * the caret in it. All at once, before the next key: blocks.convert would finish a few ticks later,
 * and a fast typist's next letters or Enter would reach a block on its way out.
 */
function turnInto(editor: Editor, host: HTMLElement, shortcut: BlockShortcut) {
  const paragraph = editor.blocks.getBlockByElement(host);
  if (!paragraph) return;
  const index = editor.blocks.getBlockIndex(paragraph.id);
  const rest = { html: host.innerHTML, text: host.textContent ?? '' };
  let block = editor.blocks.insert(shortcut.tool, shortcut.data(rest), undefined, index, true, true);
  if (shortcut.restAfter) block = editor.blocks.insert('paragraph', { text: rest.html }, undefined, index + 1, true);
  editor.caret.setToBlock(block, 'start');
}

/** Turns the marked text that ends at `offset` in `text` into its element, with the caret at its end; answers the element. */
function wrapInline(text: Text, offset: number): Element | undefined {
  const match = inlineShortcutFor(text.data.slice(0, offset));
  if (!match) return undefined;
  const marked = document.createRange();
  marked.setStart(text, match.start);
  marked.setEnd(text, offset);
  marked.deleteContents();
  const element = document.createElement(match.shortcut.tag);
  if (match.shortcut.className) element.className = match.shortcut.className;
  element.textContent = match.text;
  marked.insertNode(element);
  // insertNode splits the text and leaves an empty half after the element; Editor.js would not
  // take a caret at the element's end for the end of the line (Enter would not start a new block).
  if (element.nextSibling instanceof Text && element.nextSibling.length === 0) element.nextSibling.remove();
  // At the end of the element's own text, where Editor.js finds the end of a line (it reads a caret
  // between two elements as neither end); typeAfter keeps the next letters outside.
  window.getSelection()?.collapse(element.firstChild, match.text.length);
  return element;
}

const NO_BREAK_SPACE = '\u00a0';

/**
 * Types `data` just after `element` when the caret is at its end, and answers the text it went
 * into. The browser would type it inside, carrying the bold or code on; after the closing marker
 * the writer has left it.
 */
function typeAfter(element: Element, data: string): Text | undefined {
  const caret = window.getSelection();
  // Still in the element's line (Enter may have taken the caret to a new block with nothing between).
  if (!caret?.isCollapsed || !caret.anchorNode || !element.parentNode?.contains(caret.anchorNode)) return undefined;
  const toEnd = document.createRange();
  toEnd.setStart(caret.anchorNode, caret.anchorOffset);
  toEnd.setEndAfter(element);
  const fromEnd = document.createRange();
  fromEnd.setStartAfter(element);
  fromEnd.setEnd(caret.anchorNode, caret.anchorOffset);
  // A range whose end comes before its start collapses: both are empty only at the element's end.
  if (toEnd.toString() !== '' || fromEnd.toString() !== '') return undefined;
  const next = element.nextSibling;
  const text = next instanceof Text ? next : element.parentNode!.insertBefore(document.createTextNode(''), next);
  // At the end of a line a plain space would be folded away, and the next letter typed into the element.
  const typed = text.length === 0 ? data.replace(/ $/, NO_BREAK_SPACE) : data;
  text.insertData(0, typed);
  caret.collapse(text, typed.length);
  return text;
}

/** Once a letter follows the no-break space typed after an element, it is a plain space again (as the browser does for its own). */
function unfoldSpace(space: Text, data: string): boolean {
  const caret = window.getSelection();
  if (
    !caret?.isCollapsed ||
    caret.anchorNode !== space ||
    caret.anchorOffset !== 1 ||
    space.data !== NO_BREAK_SPACE ||
    data.startsWith(' ')
  )
    return false;
  space.data = ` ${data}`;
  caret.collapse(space, space.length);
  return true;
}
