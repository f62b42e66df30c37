import { createBlog, createUser, expect, test } from './support/fixtures.ts';

/*
 * The reading pages run within the strict Content-Security-Policy (no 'unsafe-eval'): zod, which
 * compiles its parsers with `new Function` and probes for it, runs without that compiler. Every
 * violation is a console error (see reportCspViolations), which fails the test.
 */
test('the reading pages cause no Content-Security-Policy violation', async ({ page, request }) => {
  const author = await createUser(request, 'Ursula Le Guin');
  const blogId = await createBlog(request, author, { title: 'The ones who walk away' });
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().startsWith('CSP violation')) violations.push(msg.text());
  });

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
