import { escapeHtml } from '@inkwell/contracts';
import { SITE_NAME } from '../../site-origin.ts';
import type { AlternateLink, PageTags, ShareImage } from '../../plugins/page-tags.ts';

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

const alternateLink = ({ type, title, href }: AlternateLink) =>
  `<link rel="alternate" type="${escapeHtml(type)}" title="${escapeHtml(title)}" href="${escapeHtml(href)}">`;

/**
 * JSON-LD as a data block: not a script the browser runs, so the CSP's ban on inline scripts does not
 * touch it. `<`, `>` and `&` are written as JSON escapes, so no text in it (a title holding
 * `</script>` or `<!--`) can end the block early.
 */
const jsonLdScript = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}</script>`;

/** The image with what unfurlers size and describe it by, so they need not download it first. */
const imageTags = ({ url, type, width, height, alt }: ShareImage) => [
  meta('property', 'og:image', url),
  ...(type ? [meta('property', 'og:image:type', type)] : []),
  ...(width && height
    ? [meta('property', 'og:image:width', String(width)), meta('property', 'og:image:height', String(height))]
    : []),
  meta('property', 'og:image:alt', alt),
  meta('name', 'twitter:image', url),
  meta('name', 'twitter:image:alt', alt),
];

/**
 * X's card: a large one shows its picture at 2:1, a summary beside the text as a square. A picture no
 * wider than it is tall (a profile's) goes in a summary, which would otherwise be cut to a strip;
 * one of unknown size (an outside banner) is taken to be a banner.
 */
const twitterCard = (image: ShareImage | undefined) =>
  !image || (image.width && image.height && image.width <= image.height) ? 'summary' : 'summary_large_image';

function shareTags(tags: PageTags): string[] {
  return [
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.url)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', tags.type ?? 'website'),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    ...(tags.properties ?? []).map(([key, value]) => meta('property', key, value)),
    meta('name', 'twitter:card', twitterCard(tags.image)),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    ...(tags.image ? imageTags(tags.image) : []),
    ...(tags.jsonLd ? [jsonLdScript(tags.jsonLd)] : []),
  ];
}

/** The site's own title stays alone; any other page is "<title> | Inkwell", as the web app names it. */
const documentTitle = (title: string) => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

/**
 * index.html with a page's head: its share tags when it has any (else the app's own title and
 * description stay), the feeds readers may subscribe to (the site's on every page) and the page's
 * other representations (`alternates`: its ActivityStreams document).
 */
export function injectHead(html: string, tags: PageTags | null, alternates: AlternateLink[]): string {
  const feeds = [...alternates, ...(tags?.feeds ?? [])].map(alternateLink);
  // Replacer functions, not strings: a title holding "$'" or "$&" must stay text, not splice the page into itself.
  const withTitle = tags
    ? html
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(tags.title))}</title>`)
        // With the whitespace before it, so no blank line is left.
        .replace(/\s*<meta name="description"[^>]*>/, '')
    : html;
  const head = [...(tags ? shareTags(tags) : []), ...feeds].join('');
  return withTitle.replace('</head>', () => `${head}</head>`);
}
