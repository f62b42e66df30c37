/**
 * The window inline HTML is parsed and sanitised in: the page's own in the browser, and on the
 * server a jsdom window, so one DOMPurify, with one allowlist, cleans a blog on both sides.
 */
export const htmlWindow: typeof window = import.meta.env.SSR ? await jsdomWindow() : window;

async function jsdomWindow(): Promise<typeof window> {
  const { JSDOM } = await import('jsdom');
  return new JSDOM('').window as unknown as typeof window;
}
