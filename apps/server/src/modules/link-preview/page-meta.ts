import { decodeEntities, readTag, skipElement } from '../../html/html-tokens.ts';

export interface PageMeta {
  title: string;
  description: string;
  image: string;
}

/** Only the head matters; a page that hides its tags further down gets no preview from them. */
const SCAN_CHARS = 512 * 1024;
/** The link block's schema caps these, so a preview always saves. */
const TITLE_MAX = 500;
const DESCRIPTION_MAX = 2000;

const clean = (text: string, max: number) => decodeEntities(text).replace(/\s+/g, ' ').trim().slice(0, max);

/** Resolves an image address against the page and keeps it only if it is http(s). */
function absoluteImage(value: string, pageUrl: string): string {
  try {
    const url = new URL(decodeEntities(value.trim()), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/**
 * What a link card shows, from Open Graph and Twitter tags, falling back to <title> and the
 * meta description. Everything answered is plain text; the client shows it as text.
 */
export function readPageMeta(html: string, pageUrl: string): PageMeta {
  const head = html.slice(0, SCAN_CHARS);
  const meta = new Map<string, string>();
  let title = '';
  for (let i = head.indexOf('<'); i !== -1; i = head.indexOf('<', i + 1)) {
    const tag = readTag(head, i);
    if (!tag || tag.closing) continue;
    if (tag.name === 'body') break;
    if (tag.name === 'meta') {
      const key = (tag.attributes.get('property') ?? tag.attributes.get('name') ?? '').toLowerCase();
      const content = tag.attributes.get('content');
      if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
    } else if (tag.name === 'title' || tag.name === 'script' || tag.name === 'style') {
      const end = skipElement(head, tag.end, tag.name);
      if (tag.name === 'title' && !title) title = head.slice(tag.end, end).replace(/<\/title[^>]*>$/i, '');
      i = end - 1;
    }
  }
  const first = (...keys: string[]) =>
    keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== '') ?? '';
  return {
    title: clean(first('og:title', 'twitter:title') || title, TITLE_MAX),
    description: clean(first('og:description', 'twitter:description', 'description'), DESCRIPTION_MAX),
    image: absoluteImage(
      first('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'),
      pageUrl,
    ),
  };
}
