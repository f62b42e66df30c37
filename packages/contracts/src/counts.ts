/** A count's noun in the number it takes: 1 like, 0 likes, 2 replies (the plural given where it is not the noun and an s). */
export const nounFor = (count: number, singular: string, plural = `${singular}s`) => (count === 1 ? singular : plural);

/**
 * A count as every screen shows one: 1,204. Grouped here, not by Intl.NumberFormat('en'), which
 * writes the same: a page's first Intl format starts the browser's ICU, 25–35 ms on this machine's
 * Chromium, in the task that runs the reading page's script.
 */
export const formatCount = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

/** A count and its noun, as every screen and message shows one: "1 like", "1,204 likes". */
export const countOf = (count: number, singular: string, plural?: string) =>
  `${formatCount(count)} ${nounFor(count, singular, plural)}`;
