import { escapeHtml } from '@inkwell/contracts';
import sharp from 'sharp';
import { SITE_NAME } from '../../site-origin.ts';

/** Where the site's share image is served; robots.txt lets crawlers fetch it. */
const SITE_SHARE_IMAGE_PATH = '/api/share-image.png';

const [WIDTH, HEIGHT] = [1200, 630];
const TAGLINE = 'Read and write blogs.';

/**
 * The picture link previews of the site show (the home page's, the publisher's logo in a blog's
 * schema.org data): the one place that says which image that is, so that a setting of the owner's
 * can name another here.
 */
export const siteShareImage = () => ({
  url: SITE_SHARE_IMAGE_PATH,
  type: 'image/png',
  width: WIDTH,
  height: HEIGHT,
  alt: `${SITE_NAME} — ${TAGLINE}`,
});

/** The card: the site's mark and name on white, the size Open Graph asks for (1.91 : 1). */
const card = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
<g transform="translate(120 195) scale(7.5)"><rect width="32" height="32" rx="6" fill="#111111"/><path d="M10 24 L20 8 L23 10 L13 26 Z" fill="#ffffff"/></g>
<text x="420" y="330" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="120" fill="#111111">${escapeHtml(SITE_NAME)}</text>
<text x="424" y="410" font-family="Inter, 'DejaVu Sans', sans-serif" font-size="44" fill="#525252">${escapeHtml(TAGLINE)}</text>
</svg>`;

let drawn: Promise<Buffer> | undefined;

/** The site's share image as PNG, drawn once per process from the card. */
export const siteShareImagePng = () => (drawn ??= sharp(Buffer.from(card())).png().toBuffer());
