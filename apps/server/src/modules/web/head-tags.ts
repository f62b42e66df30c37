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

/** What every page's head says of the site, whatever the page: its icons, its accent, its identity for the web app and its feeds. */
export interface SiteHead {
  site: SiteIdentity;
  /** The identity as `GET /api/site` answers it (image URLs absolute), which the web app starts from. */
  answered: unknown;
  /** The `<link>`s of the site's icons and web manifest. */
  icons: string[];
  /** The site's own feeds, which readers may subscribe to from any page. */
  feeds: AlternateLink[];
}

/** The tags of SiteHead, in the order every page carries them after its own. */
export const siteHeadTags = (head: SiteHead) =>
  [
    ...head.icons,
    ...accentStyle(head.site.accentColor),
    dataBlock('type="application/json" id="site-identity"', head.answered),
    ...head.feeds.map(alternateLink),
  ].join('');

/** What a page puts in index.html: its head (beside the site's) and what goes in place of the empty #root. */
export interface PageParts {
  site: SiteIdentity;
  /** siteHeadTags of the site, for the origin the page is answered on. */
  siteTags: string;
  tags: PageTags | null;
  /** The page's other representations (its ActivityStreams document). */
  alternates: AlternateLink[];
  /** A `<meta name="robots">` value, or none. */
  robots?: string | undefined;
  /** The rendered app and its data block, in place of the empty #root; without it (or without an empty #root in index.html) the app renders in the browser. */
  root?: string | undefined;
}

const ROOT = '<div id="root"></div>';

/**
 * index.html cut once, where every page fills in: the language, the title, the end of the head and
 * the empty root. Its own description and icon are placeholders, left out with the whitespace before
 * them, so no blank line is left: each page's tags say these. A page is then joined, never searched.
 */
export function pageTemplate(indexHtml: string): (parts: PageParts) => string {
  const cut = (html: string, pattern: RegExp) => {
    const match = pattern.exec(html);
    if (!match) throw new Error(`index.html has no ${pattern.source}`);
    return [html.slice(0, match.index), html.slice(match.index + match[0].length)] as const;
  };
  const placeholdersOut = indexHtml
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<link rel="icon"[^>]*>/, '');
  const [beforeLang, afterLang] = cut(placeholdersOut, /<html lang="[^"]*"/);
  const [beforeTitle, afterTitle] = cut(afterLang, /<title>[^<]*<\/title>/);
  const [headRest, body] = cut(afterTitle, /<\/head>/);
  const rootAt = body.indexOf(ROOT);
  const withRoot = (root: string | undefined) =>
    root === undefined || rootAt < 0 ? body : `${body.slice(0, rootAt)}${root}${body.slice(rootAt + ROOT.length)}`;
  return ({ site, siteTags, tags, alternates, robots, root }) => {
    const title = tags ? documentTitle(tags.title, site.name) : site.name;
    const pageTags = tags ? shareTags(tags, site.name) : [meta('name', 'description', site.description || site.name)];
    const feeds = [...alternates, ...(tags?.feeds ?? [])].map(alternateLink);
    return [
      beforeLang,
      `<html lang="${escapeHtml(site.language)}"`,
      beforeTitle,
      `<title>${escapeHtml(title)}</title>`,
      headRest,
      ...pageTags,
      siteTags,
      ...feeds,
      robots ? `<meta name="robots" content="${robots}">` : '',
      '</head>',
      withRoot(root),
    ].join('');
  };
}
