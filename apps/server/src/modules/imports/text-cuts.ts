/**
 * Cutting text to a field's limit, in a file of its own: the import job uses it on every post, and
 * post-fields.ts beside it brings an HTML parser the job would otherwise load as the server starts.
 */

/** Text on one line: every run of white space one space, none at either end. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text cut to `max` characters at a word's end, with an ellipsis when it was cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
