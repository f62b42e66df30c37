import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Editor.js shows its toolbar for the block the pointer moves onto (and hides it while typing),
 * so the pointer goes to another block first. The toolbar sits at the block's top: the block's top
 * is brought to the middle of the screen and the pointer put there, or the top of a block taller
 * than the screen (a picture) stays under the sticky top bar, which then takes every click on `+`.
 */
export async function showToolbarOf(page: Page, block: Locator) {
  await page.locator('.ce-block').first().hover();
  await block.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2));
  await block.hover({ position: { x: 1, y: 1 } });
}

/** Adds a block after the last one through the toolbox: filtered by its name, then the n-th match chosen by keyboard. */
export async function addBlock(page: Page, tool: string, match = 1) {
  await showToolbarOf(page, page.locator('.ce-block').last());
  await page.locator('.ce-toolbar__plus').click();
  await page.keyboard.type(tool);
  const popover = page.locator('.ce-popover--opened');
  // The filter has applied once the n-th item still shown is the tool.
  await expect(popover.locator('.ce-popover-item:not(.ce-popover-item--hidden)').nth(match - 1)).toHaveText(tool);
  for (let i = 0; i < match; i++) await page.keyboard.press('ArrowDown');
  await expect(popover.locator('.ce-popover-item--focused')).toHaveText(tool);
  await page.keyboard.press('Enter');
}
