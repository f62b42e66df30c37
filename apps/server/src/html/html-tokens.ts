/**
 * The pieces of an HTML tokenizer the server needs: reading one tag with its attributes the
 * way a browser does, skipping a raw-text element, and decoding character references.
 */

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references a browser would, for the ones that can matter in a URL. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (match, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? match;
  });
}

export interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Index just after the tag's `>`. */
  end: number;
}

export const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Reads a tag starting at `<` (index `start`), the way an HTML tokenizer does; null if it never ends. */
export function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  let name = '';
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') name += html[i++];
  const attributes = new Map<string, string>();
  while (i < html.length) {
    while (isSpace(html[i]) || html[i] === '/') i++;
    if (i >= html.length) return null;
    if (html[i] === '>') return { name: name.toLowerCase(), closing, attributes, end: i + 1 };
    let attribute = html[i++]!;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=')
      attribute += html[i++];
    while (isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') value += html[i++];
      }
    }
    attribute = attribute.toLowerCase();
    if (!attributes.has(attribute)) attributes.set(attribute, value);
  }
  return null;
}

/** Index just after the end tag `</name ...>` that closes a raw-text element, or the end of input. */
export function skipElement(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  let at = from;
  for (;;) {
    const found = lower.indexOf(`</${name}`, at);
    if (found === -1) return html.length;
    const after = lower[found + name.length + 2];
    if (after === undefined || after === '>' || after === '/' || isSpace(after)) {
      const close = html.indexOf('>', found);
      return close === -1 ? html.length : close + 1;
    }
    at = found + 1;
  }
}
