/** A count's noun in the number it takes: 1 like, 0 likes, 2 replies (the plural given where it is not the noun and an s). */
export const nounFor = (count: number, singular: string, plural = `${singular}s`) => (count === 1 ? singular : plural);

/** A count and its noun, as every screen and message shows one: "1 like", "1,204 likes". */
export const countOf = (count: number, singular: string, plural?: string) =>
  `${count.toLocaleString('en')} ${nounFor(count, singular, plural)}`;
