import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * The refusal shows in a toast and right below the field, as the field's accessible description
 * (first, before any counter or hint the field also has), and the field is marked invalid.
 */
export async function expectRefusalBeside(field: Locator, message: string) {
  const page = field.page();
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(startsWith(message));
  const [messageId] = (await field.getAttribute('aria-describedby'))!.split(' ');
  const shown = page.locator(`[id="${messageId}"]`);
  await expect(shown).toHaveText(message);
  await expect(shown).toBeVisible();
  const fieldBox = (await field.boundingBox())!;
  const shownBox = (await shown.boundingBox())!;
  expect(shownBox.y, 'the message sits below the field').toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
  expect(shownBox.y - (fieldBox.y + fieldBox.height), 'and right below it').toBeLessThan(40);
}

/** Editing the field takes its message away. */
export async function expectNoRefusal(field: Locator, message: string) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field).not.toHaveAccessibleDescription(startsWith(message));
  await expect(field.page().locator('form, section').getByText(message, { exact: true })).toHaveCount(0);
}
