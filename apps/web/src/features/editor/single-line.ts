import type { KeyboardEvent } from 'react';

/** Enter never makes a new line in a title or description (docs/product/screens.md); the other keys behave as usual. */
export const ignoreEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** One line of text, however it arrives (a paste can bring line breaks). */
export const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');
