import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { SERVER_STATE_ID } from '../../apps/web/src/lib/server-state.ts';
import { expect } from './fixtures.ts';

/**
 * Watches every page of a browser context for a stored-XSS payload that ran: the corpus's
 * payloads set `window.__xss` or open a dialog. `window.__xss` is a setter installed before any
 * page script, reporting to the test at once (so a hit is kept even if the page navigates
 * away), in every frame (a srcdoc frame's `parent.window.__xss=1` lands on its parent's setter).
 * Console errors and uncaught errors of every page of the context count too, not only the
 * fixture's `page`.
 */
export async function watchForXss(context: BrowserContext) {
  const ran: string[] = [];
  const errors: string[] = [];
  await context.exposeBinding('__xssRan', ({ frame }, what: string) => void ran.push(`${what} on ${frame.url()}`));
  await context.addInitScript(() => {
    const report = (what: string) => (window as unknown as { __xssRan?: (what: string) => void }).__xssRan?.(what);
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (value) => report(`window.__xss = ${String(value)}`),
    });
  });
  context.on('dialog', (dialog) => {
    ran.push(`${dialog.type()} "${dialog.message()}" on ${dialog.page()?.url() ?? '?'}`);
    void dialog.dismiss().catch(() => undefined);
  });
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} on ${message.page()?.url() ?? '?'}`);
  });
  context.on('weberror', (error) =>
    errors.push(`pageerror: ${error.error().message} on ${error.page()?.url() ?? '?'}`),
  );
  return {
    ran,
    errors,
    /** Fails on anything that ran or errored so far. */
    check() {
      expect(ran, 'payloads that ran').toEqual([]);
      expect(errors, 'console errors').toEqual([]);
    },
  };
}

/**
 * Scrolls to the bottom a screen at a time (lazy images and frames load on the way; `scroll:
 * false` for an overlay over a page already scrolled), waits for the pictures, then looks through the live DOM for markup that could still run later,
 * on a click or a hover the test does not make: event-handler attributes, javascript:, vbscript:
 * or data:text/html URLs, scripts that are not the app's, srcdoc frames, objects, embeds, base
 * and refresh tags. Answers what it found (nothing, on a sound page).
 */
export async function scrollAndAudit(page: Page, { scroll = true } = {}): Promise<string[]> {
  if (scroll) await scrollToBottom(page);
  return audit(page);
}

async function scrollToBottom(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    // Every eager picture loaded or failed, so an onerror or onload had its chance (not networkidle: a
    // signed-in page keeps its notification stream open). The app's own pictures are lazy, and those
    // scrolled past quickly may never start.
    const deadline = Date.now() + 10_000;
    const pending = () => Array.from(document.images).some((image) => !image.complete && image.loading !== 'lazy');
    while (Date.now() < deadline && pending()) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

function audit(page: Page): Promise<string[]> {
  return page.evaluate((stateId) => {
    const found: string[] = [];
    const urlAttributes = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'poster',
      'background',
      'srcset',
    ]);
    const describe = (el: Element) => el.outerHTML.slice(0, 160);
    /**
     * The data blocks, which the browser never runs, each JSON throughout (no text broke out of it):
     * in the head the JSON-LD, the site's identity (#site-identity) and the build's files
     * (#built-files, which the build writes); after #root the data the page was rendered with, until
     * the islands take it over and remove it.
     */
    const isDataBlock = (script: HTMLScriptElement) => {
      const data =
        script.parentElement === document.head
          ? script.type === 'application/ld+json' ||
            (script.type === 'application/json' && ['site-identity', 'built-files'].includes(script.id))
          : script.type === 'application/json' && script.id === stateId && script.previousElementSibling?.id === 'root';
      if (!data || script.src) return false;
      try {
        JSON.parse(script.text);
        return true;
      } catch {
        return false;
      }
    };
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const tag = el.tagName.toLowerCase();
        if (['object', 'embed', 'base', 'applet', 'frameset'].includes(tag)) found.push(`<${tag}>: ${describe(el)}`);
        if (tag === 'meta' && el.getAttribute('http-equiv')) found.push(`meta http-equiv: ${describe(el)}`);
        if (tag === 'script') {
          const src = (el as HTMLScriptElement).src;
          // The app's: its bundles, the theme applied before the first paint, and Google's sign-in client.
          const ours =
            src.startsWith(`${location.origin}/assets/`) ||
            src === `${location.origin}/theme.js` ||
            src.endsWith('/gsi/client');
          if (!ours && !isDataBlock(el as HTMLScriptElement)) found.push(`script: ${describe(el)}`);
        }
        if (tag === 'iframe' && !(el as HTMLIFrameElement).src.startsWith('https://'))
          found.push(`iframe: ${describe(el)}`);
        for (const { name, value } of Array.from(el.attributes)) {
          const attribute = name.toLowerCase();
          // Browsers ignore whitespace and control characters around and inside a scheme.
          const squeezed = [...value]
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (attribute.startsWith('on')) found.push(`${attribute}=: ${describe(el)}`);
          if (attribute === 'srcdoc') found.push(`srcdoc: ${describe(el)}`);
          if (urlAttributes.has(attribute) && /^(javascript|vbscript|data:text\/html)/.test(squeezed))
            found.push(`${attribute} URL: ${describe(el)}`);
          if (attribute === 'style' && /expression\(|url\(["']?(javascript|vbscript):/.test(squeezed))
            found.push(`style: ${describe(el)}`);
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return found;
  }, SERVER_STATE_ID);
}

/** Runs `task` over `items`, at most `limit` at a time, in order of start. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** How the API took each (field, payload): stored (perhaps cleaned) or refused with a 400; counted per payload. */
export class StoreTally {
  private readonly fields = new Map<string, { accepted: number; refused: number }>();

  /** Records a response; anything but 200 or 400 (a 500, a 413) fails the test. */
  async record(field: string, response: APIResponse, payloads = 1): Promise<boolean> {
    const accepted = await this.judge(field, response);
    this.count(field, accepted, payloads);
    return accepted;
  }

  /** Whether the API stored it, without counting (for a try whose outcome is counted later). */
  async judge(field: string, response: APIResponse): Promise<boolean> {
    const status = response.status();
    expect([200, 400], `${field}: ${status} ${await response.text()}`).toContain(status);
    return status === 200;
  }

  count(field: string, accepted: boolean, payloads = 1) {
    const entry = this.fields.get(field) ?? { accepted: 0, refused: 0 };
    entry[accepted ? 'accepted' : 'refused'] += payloads;
    this.fields.set(field, entry);
  }

  get total() {
    let accepted = 0;
    let refused = 0;
    for (const entry of this.fields.values()) {
      accepted += entry.accepted;
      refused += entry.refused;
    }
    return { fields: this.fields.size, accepted, refused };
  }

  summary(): string {
    const rows = [...this.fields].map(
      ([field, { accepted, refused }]) => `${field}: ${accepted} stored, ${refused} refused`,
    );
    const { fields, accepted, refused } = this.total;
    return [...rows, `${fields} fields: ${accepted} stored, ${refused} refused`].join('\n');
  }
}
