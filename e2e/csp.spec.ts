import type { Page } from '@playwright/test';
import { createBlog, createUser, expect, test } from './support/fixtures.ts';

/*
 * The reading pages run within the strict Content-Security-Policy (no 'unsafe-eval'): zod, which
 * compiles its parsers with `new Function` and probes for it, runs without that compiler. Any
 * violation counts here; a refused eval fails every other test too (see reportRefusedEval).
 */
/** Collects the page's Content-Security-Policy violations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}`,
      ),
    ),
  );
  return violations;
}

test('the reading pages cause no Content-Security-Policy violation', async ({ page, request }) => {
  const author = await createUser(request, 'Ursula Le Guin');
  const blogId = await createBlog(request, author, { title: 'The ones who walk away' });
  const violations = await watchViolations(page);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'The ones who walk away' }).first()).toBeVisible();
  await page.goto(`/blog/${blogId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The ones who walk away' })).toBeVisible();
  await page.goto(`/user/${author.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/search/walk');
  await expect(page.getByRole('link', { name: 'The ones who walk away' }).first()).toBeVisible();

  expect(violations).toEqual([]);
});

test('the API docs page shows every call within the same policy', async ({ page }) => {
  // Swagger UI is a large script that renders every call at once: slow on a busy machine, not wrong.
  test.slow();
  const violations = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Inkwell API').first()).toBeVisible({ timeout: 30_000 });
  // Every group is listed (the last, federation, too), each opening onto its calls.
  await expect(page.locator('#operations-tag-federation')).toBeVisible();
  await page.locator('#operations-tag-blogs').click();
  await expect(page.getByText('/api/blog/get-blog', { exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});
