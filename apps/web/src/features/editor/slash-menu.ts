import type { API } from '@editorjs/editorjs';
import { EditorMessages } from '@inkwell/contracts';

/** Editor.js's block menu (its toolbox) and what is in it. */
const MENU = '.ce-toolbox';
const SEARCH = '.cdx-search-field__input';
const ITEMS = '.ce-popover__items';
const ITEM = '.ce-popover-item';
const SHOWN_ITEM = `${ITEM}:not(.ce-popover-item--hidden)`;
const FOCUSED_ITEM = `${ITEM}--focused`;

/**
 * Finishes Editor.js's `/` menu. Typed in an empty block, `/` stays in the block and opens the
 * block menu with its search field focused, so the letters after it filter the menu. Editor.js
 * then leaves two things to us: Enter in the search field chooses nothing until an arrow key has
 * picked an item (here it takes the first one shown), and the chosen block goes after the `/`
 * instead of in its place (here the `/` is taken out first, so the block replaces it). It also
 * names the search field (its placeholder is all Editor.js gives it) and puts the list, which
 * scrolls once the tools outgrow the menu, in the tab order, as a scrolling region must be.
 */
export function attachSlashMenu(holder: HTMLElement, editor: Pick<API, 'blocks'>) {
  // Editor.js builds the menu again when the layout changes, so this is done each time it opens (its search takes the focus).
  holder.addEventListener('focusin', (event) => {
    const search = event.target;
    if (!(search instanceof HTMLElement) || !search.matches(`${MENU} ${SEARCH}`)) return;
    search.setAttribute('aria-label', EditorMessages.blockMenuSearch);
    search.closest(MENU)!.querySelector(ITEMS)?.setAttribute('tabindex', '0');
  });
  holder.addEventListener(
    'keydown',
    (event) => {
      const search = event.target;
      if (
        event.key !== 'Enter' ||
        event.isComposing ||
        !(search instanceof HTMLElement) ||
        !search.matches(`${MENU} ${SEARCH}`)
      )
        return;
      const menu = search.closest(MENU)!;
      // An item picked with the arrow keys is Editor.js's own to choose.
      if (menu.querySelector(FOCUSED_ITEM)) return;
      event.preventDefault();
      menu.querySelector<HTMLElement>(SHOWN_ITEM)?.click();
    },
    true,
  );
  // Before Editor.js's own click handler (every choice, by Enter or pointer, is a click on the item).
  holder.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(`${MENU} ${ITEM}`)) return;
      const block = editor.blocks.getBlockByIndex(editor.blocks.getCurrentBlockIndex());
      const input = block?.holder.querySelector('[contenteditable="true"]');
      if (input?.textContent === '/') input.replaceChildren();
    },
    true,
  );
}
