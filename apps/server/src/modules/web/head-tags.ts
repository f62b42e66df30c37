import { accentContrast, escapeHtml, type SiteIdentity } from '@inkwell/contracts';
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
const dataBlock = (attributes: string, data: unknown) =>
  `<script ${attributes}>${JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}</script>`;
const jsonLdScript = (data: object) => dataBlock('type="application/ld+json"', data);

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

function shareTags(tags: PageTags, siteName: string): string[] {
  return [
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.url)}">`,
    meta('property', 'og:site_name', siteName),
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

/** The site's own title stays alone; any other page is "<title> | <site>", as the web app names it. */
const documentTitle = (title: string, siteName: string) => (title === siteName ? title : `${title} | ${siteName}`);

/** The accent's two colours as CSS variables (index.css draws the accent with them); none for the neutral look. */
function accentStyle(accent: string | null): string[] {
  if (!accent) return [];
  return [
    `<style id="site-accent">:root{--color-accent:${accent};--color-on-accent:${accentContrast(accent).text}}</style>`,
  ];
}

/** What every page's head says of the site, whatever the page: its icons, its accent, and its identity for the web app. */
export interface SiteHead {
  site: SiteIdentity;
  /** The identity as `GET /api/site` answers it (image URLs absolute), which the web app starts from. */
  answered: unknown;
  /** The `<link>`s of the site's icons and web manifest. */
  icons: string[];
}

/**
 * index.html with a page's head: the site's language, icons, accent and identity; the page's share
 * tags when it has any (else the site's name and description); the feeds readers may subscribe to
 * (the site's on every page) and the page's other representations (`alternates`: its
 * ActivityStreams document). index.html's own title, description and icon are placeholders.
 */
export function injectHead(html: string, tags: PageTags | null, alternates: AlternateLink[], head: SiteHead): string {
  const { site } = head;
  const feeds = [...alternates, ...(tags?.feeds ?? [])].map(alternateLink);
  const title = tags ? documentTitle(tags.title, site.name) : site.name;
  // Replacer functions, not strings: a title holding "$'" or "$&" must stay text, not splice the page into itself.
  const page = html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(site.language)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    // With the whitespace before them, so no blank line is left: the page's own tags say these.
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<link rel="icon"[^>]*>/, '');
  const added = [
    ...(tags ? shareTags(tags, site.name) : [meta('name', 'description', site.description || site.name)]),
    ...head.icons,
    ...accentStyle(site.accentColor),
    dataBlock('type="application/json" id="site-identity"', head.answered),
    ...feeds,
  ].join('');
  return page.replace('</head>', () => `${added}</head>`);
}
