import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (one main, content in landmarks, one h1…). */
const RULES: axe.RunOnly = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };
/** What a colour scheme can change; the other rules do not depend on it. */
const COLOUR_RULES: axe.RunOnly = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };

/** Phones from the narrowest we support, then the desktop. */
const PHONES = [360, 390, 414];
const DESKTOP = 1280;

/**
 * Third-party embeds (YouTube and the like) are sandboxed frames of other sites, not ours, and
 * cannot load here; everything else on the page is audited.
 */
const NOT_OURS = 'iframe[sandbox]';

/**
 * Puts axe-core into every page `page` opens. AxeBuilder (@axe-core/playwright) sends its 550 KB
 * again on every audit and finishes each in a new page, seconds each on a busy machine; here the
 * engine loads with the page and each audit is one call.
 */
export async function installAxe(page: Page) {
  await page.addInitScript({ content: axe.source });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Audits of a page whose animations keep starting, before its result is taken as it stands. */
const AUDITS_AT_MOST = 3;

async function violations(page: Page, runOnly: axe.RunOnly) {
  const found = await page.evaluate(
    async ({ runOnly, exclude, auditsAtMost }) => {
      // axe measures colours as they are on screen at that moment: a toast fading in or out, or a
      // colour easing to the new scheme, is caught halfway. So it waits for what will end (a
      // spinner never does), and audits again if something began meanwhile (a toast's time ran
      // out), even if it ended too before the audit did (an audit takes seconds on a busy machine).
      const ending = () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
          );
      for (let audit = 1; ; audit++) {
        await Promise.all(ending().map((animation) => animation.finished.catch(() => undefined)));
        const before = new Set(document.getAnimations());
        const { violations } = await window.axe.run({ exclude: [exclude] }, { runOnly, resultTypes: ['violations'] });
        const began = document.getAnimations().some((animation) => !before.has(animation));
        if ((!began && ending().length === 0) || audit === auditsAtMost)
          return violations.map((rule) => ({ id: rule.id, targets: rule.nodes.map((node) => node.target.join(' ')) }));
      }
    },
    { runOnly, exclude: NOT_OURS, auditsAtMost: AUDITS_AT_MOST },
  );
  return found.map((rule) => `${rule.id}: ${rule.targets.join(' | ')}`);
}

/** Every rule in light, the colour rules again in dark. */
async function audit(page: Page, screen: string, width: number) {
  for (const [colorScheme, rules] of [
    ['light', RULES],
    ['dark', COLOUR_RULES],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    expect.soft(await violations(page, rules), `axe on ${screen} at ${width} px, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Checks the page as it is now, at its current width, in light and dark: for a menu or popup that
 * a change of width would close (checkScreen goes through the phone widths).
 */
export async function checkAsShown(page: Page, screen: string) {
  await audit(page, screen, page.viewportSize()!.width);
}

/**
 * Checks the screen the page shows as it is now: it fits phones 360, 390 and 414 px wide without
 * sideways scrolling, and axe finds nothing at 360 px and on the desktop, in light and dark.
 * The viewport and colour scheme change in place (one load per screen); the page ends at 360 px.
 * Failures are soft, so one pass reports every screen. `desktop: false` for a state that only
 * phones have (a tab that wide screens show beside the list).
 */
export async function checkScreen(page: Page, screen: string, { desktop = true }: { desktop?: boolean } = {}) {
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 740 });
    await settle(page);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(pageWidth, `${screen} at ${width} px is ${pageWidth} px wide`).toBeLessThanOrEqual(width);
    if (width === PHONES[0]) await audit(page, screen, width);
  }
  if (desktop) {
    await page.setViewportSize({ width: DESKTOP, height: 800 });
    await settle(page);
    await audit(page, screen, DESKTOP);
  }
  await page.setViewportSize({ width: PHONES[0]!, height: 740 });
  await settle(page);
}
