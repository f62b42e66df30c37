import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Editor.js shows its toolbar for the block the pointer moves onto (and hides it while typing),
 * so the pointer goes to another block first.
 */
export async function showToolbarOf(page: Page, block: Locator) {
  await page.locator('.ce-block').first().hover();
  await block.hover();
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
