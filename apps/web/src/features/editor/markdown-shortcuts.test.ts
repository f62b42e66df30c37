import { describe, expect, it } from 'vitest';
import { blockShortcutFor, inlineShortcutFor } from './markdown-shortcuts.ts';

describe('blockShortcutFor', () => {
  // What was after the marker: inline HTML for the tools that keep it, plain text for the code.
  const rest = { html: 'Ridge <b>walk</b>', text: 'Ridge walk' };
  const item = { content: rest.html, meta: {}, items: [] };

  it.each([
    ['# ', 'header', { text: rest.html, level: 1 }],
    ['## ', 'header', { text: rest.html, level: 2 }],
    ['### ', 'header', { text: rest.html, level: 3 }],
    ['- ', 'list', { style: 'unordered', meta: {}, items: [item] }],
    ['* ', 'list', { style: 'unordered', meta: {}, items: [item] }],
    ['1. ', 'list', { style: 'ordered', meta: {}, items: [item] }],
    ['> ', 'quote', { text: rest.html, caption: '', alignment: 'left' }],
    ['```', 'code', { code: rest.text }],
    ['---', 'delimiter', {}],
  ])('%j at the start of a paragraph gives a %s block with the rest of the paragraph', (typed, tool, data) => {
    const shortcut = blockShortcutFor(typed);
    expect(shortcut?.tool).toBe(tool);
    expect(shortcut?.data(rest)).toEqual(data);
  });

  it('puts the rest of the paragraph after a divider, which holds no text', () => {
    expect(blockShortcutFor('---')?.restAfter).toBe(true);
    expect(blockShortcutFor('> ')?.restAfter).toBeUndefined();
  });

  it('takes the no-break space a browser types at the end of editable text as a space', () => {
    expect(blockShortcutFor('##\u00a0')?.data(rest)).toEqual({ text: rest.html, level: 2 });
  });

  it.each([
    ['#no-space'],
    ['#'],
    ['#### '],
    ['1.5'],
    ['1.'],
    ['2. '],
    ['--'],
    ['-'],
    ['``'],
    ['>'],
    // Text before the marker: the marker is in the middle of a line.
    ['Intro # '],
    ['a - '],
    ['x```'],
    [' ---'],
  ])('%j is text', (typed) => {
    expect(blockShortcutFor(typed)).toBeUndefined();
  });
});

describe('inlineShortcutFor', () => {
  it.each([
    ['**bold**', 'b', undefined, 0, 'bold'],
    ['We **really**', 'b', undefined, 3, 'really'],
    ['It is _very_', 'i', undefined, 6, 'very'],
    ['_x_', 'i', undefined, 0, 'x'],
    ['Run `npm test`', 'code', 'inline-code', 4, 'npm test'],
    ['(`a`', 'code', 'inline-code', 1, 'a'],
  ])('%j ends in a %s element', (typed, tag, className, start, text) => {
    const match = inlineShortcutFor(typed);
    expect(match).toMatchObject({ shortcut: { tag }, start, text });
    expect(match?.shortcut.className).toBe(className);
  });

  it('finds markers however a browser typed the spaces', () => {
    expect(inlineShortcutFor('a\u00a0**two\u00a0words**')).toMatchObject({ start: 2, text: 'two words' });
  });

  it.each([
    // Not closed yet, or closed by the wrong marker.
    ['**bold*'],
    ['**bold'],
    ['_italic'],
    ['**mixed_'],
    // Nothing between the markers, or spaces just inside them.
    ['****'],
    ['__'],
    ['``'],
    ['```'],
    ['2 ** 3 **'],
    ['a _ b _'],
    ['` x`'],
    // Underscores inside words.
    ['snake_case_'],
    ['my_var_'],
    // The closing marker is not the last character typed.
    ['**bold** and'],
    ['`code` '],
  ])('%j is text', (typed) => {
    expect(inlineShortcutFor(typed)).toBeUndefined();
  });
});
