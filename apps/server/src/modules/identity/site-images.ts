import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, type SiteIdentity } from '@inkwell/contracts';
import sharp from 'sharp';
import type { ShareImage } from '../../plugins/page-tags.ts';
import { shareImage } from '../uploads/index.ts';

/** Where the drawn share card is served; robots.txt lets crawlers fetch it. */
export const SHARE_CARD_PATH = '/api/share-image.png';

const [WIDTH, HEIGHT] = [1200, 630];

/** The product's mark (apps/web/public/favicon.svg), on a site that has no icon of its own. */
export const DEFAULT_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#111"/><path d="M10 24 L20 8 L23 10 L13 26 Z" fill="#fff"/></svg>';

/** A short tag of what a picture is drawn from, for its address: a change gives a new URL, which unfurlers and browsers fetch afresh. */
export const version = (...parts: (string | null)[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);

/** The card: the mark, the site's name and description on white, the size Open Graph asks for (1.91 : 1). */
const card = (site: SiteIdentity) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
<g transform="translate(120 195) scale(7.5)"><rect width="32" height="32" rx="6" fill="#111111"/><path d="M10 24 L20 8 L23 10 L13 26 Z" fill="#ffffff"/></g>
<text x="420" y="330" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="${site.name.length > 12 ? 72 : 120}" fill="#111111">${escapeHtml(site.name)}</text>
<text x="424" y="410" font-family="Inter, 'DejaVu Sans', sans-serif" font-size="40" fill="#525252">${escapeHtml(site.description.slice(0, 40))}</text>
</svg>`;

let drawn: { key: string; png: Promise<Buffer> } | null = null;

/** The drawn card as PNG, drawn again only when the name or description changes. */
export function shareCardPng(site: SiteIdentity): Promise<Buffer> {
  const key = version(site.name, site.description);
  if (drawn?.key !== key)
    drawn = {
      key,
      png: sharp(Buffer.from(card(site)))
        .png()
        .toBuffer(),
    };
  return drawn.png;
}

/** The drawn card as a share image (its path on this site, versioned by what it shows). */
const drawnCard = (site: SiteIdentity): ShareImage => ({
  url: `${SHARE_CARD_PATH}?v=${version(site.name, site.description)}`,
  type: 'image/png',
  width: WIDTH,
  height: HEIGHT,
  alt: site.description ? `${site.name} — ${site.description}` : site.name,
});

/** An upload of the admins' as previews show it (its share copy), described by the site's name. */
async function uploaded(app: FastifyInstance, url: string | null, alt: string): Promise<ShareImage | null> {
  const copy = url ? await shareImage(app.db, url) : null;
  return copy && { ...copy, alt };
}

/**
 * The pictures that stand for the site in link previews and schema.org data: the share image (the
 * admins' default share image, else the drawn card) and the publisher's logo (their logo, else the
 * share image). Paths on this site; the caller makes them absolute.
 */
export function siteImages(app: FastifyInstance, site: SiteIdentity): Promise<{ share: ShareImage; logo: ShareImage }> {
  // Once per identity (app.siteIdentity() answers the same object until it changes): every blog page
  // and the home page ask, and an upload's size, which they read from the database, never changes.
  return keptUnlessFailed(imagesOf, site, () => readSiteImages(app, site));
}

/** What `make` promises for `key`, made once and kept in `cache`; a failure is not kept, so the next asker tries again. */
export function keptUnlessFailed<K, V>(
  cache: { get(key: K): Promise<V> | undefined; set(key: K, value: Promise<V>): unknown; delete(key: K): unknown },
  key: K,
  make: () => Promise<V>,
): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

const imagesOf = new WeakMap<SiteIdentity, Promise<{ share: ShareImage; logo: ShareImage }>>();

async function readSiteImages(app: FastifyInstance, site: SiteIdentity) {
  const share = (await uploaded(app, site.shareImage, site.name)) ?? drawnCard(site);
  const logo = (await uploaded(app, site.logo, `${site.name} logo`)) ?? share;
  return { share, logo };
}
