/** A count's noun in the number it takes: 1 like, 0 likes, 2 replies (the plural given where it is not the noun and an s). */
export const nounFor = (count: number, singular: string, plural = `${singular}s`) => (count === 1 ? singular : plural);

// Made once: toLocaleString builds a new format on every call, and a list of cards shows dozens of counts.
const counts = new Intl.NumberFormat('en');

/** A count as every screen shows one: 1,204. */
export const formatCount = (count: number) => counts.format(count);

/** A count and its noun, as every screen and message shows one: "1 like", "1,204 likes". */
export const countOf = (count: number, singular: string, plural?: string) =>
  `${formatCount(count)} ${nounFor(count, singular, plural)}`;
