import type { FastifyInstance } from 'fastify';
import type { SiteIdentity } from '@inkwell/contracts';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { createImageStore, storedImageBytes } from '../uploads/index.ts';
import { DEFAULT_MARK_SVG, keptUnlessFailed, version } from './site-images.ts';

/**
 * The icons browsers and phones ask for, each a PNG drawn from the site's icon (or the product's
 * mark): the tab's 16 and 32 px, Apple's 180 px home-screen icon (opaque: iOS fills transparency
 * with black), the web manifest's 192 and 512 px, and a maskable 512 px whose picture keeps to the
 * middle 70 % (the safe zone every mask leaves whole, which is 80 %) on the accent or white.
 */
export const SITE_ICONS = {
  '16': { size: 16, opaque: false, maskable: false },
  '32': { size: 32, opaque: false, maskable: false },
  '180': { size: 180, opaque: true, maskable: false },
  '192': { size: 192, opaque: false, maskable: false },
  '512': { size: 512, opaque: false, maskable: false },
  'maskable-512': { size: 512, opaque: true, maskable: true },
} as const;
export type SiteIconName = keyof typeof SITE_ICONS;

const iconPath = (name: SiteIconName, site: SiteIdentity) =>
  `/icons/${name}.png?v=${version(site.icon, name === 'maskable-512' ? site.accentColor : null)}`;

/** The `<head>` links of the site's icons and manifest (paths on this site; versioned, so a new icon is fetched at once). */
export function iconLinks(site: SiteIdentity): string[] {
  return [
    ...(site.icon ? [] : ['<link rel="icon" type="image/svg+xml" href="/favicon.svg">']),
    `<link rel="icon" type="image/png" sizes="32x32" href="${iconPath('32', site)}">`,
    `<link rel="icon" type="image/png" sizes="16x16" href="${iconPath('16', site)}">`,
    `<link rel="apple-touch-icon" href="${iconPath('180', site)}">`,
    `<link rel="manifest" href="/manifest.webmanifest?v=${version(JSON.stringify(site))}">`,
  ];
}

/** The web app manifest (W3C Web Application Manifest): how the site installs on a phone's home screen. */
export function webManifest(site: SiteIdentity) {
  return {
    name: site.name,
    short_name: site.name.length <= 12 ? site.name : site.name.slice(0, 12).trim(),
    description: site.description,
    lang: site.language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: site.accentColor ?? '#111111',
    icons: [
      { src: iconPath('192', site), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: iconPath('512', site), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: iconPath('maskable-512', site), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Draws the site's icons on demand, keeping the last few: an icon changes seldom, and each is a few kilobytes. */
export function siteIconDrawer(app: FastifyInstance) {
  const store = createImageStore(app.config);
  const drawn = new LRUCache<string, Promise<Buffer>>({ max: 24 });

  async function source(site: SiteIdentity): Promise<Buffer> {
    // An icon whose file has gone (a bucket emptied by hand) falls back to the mark rather than break every page's icon.
    return (site.icon && (await storedImageBytes(store, site.icon))) || Buffer.from(DEFAULT_MARK_SVG);
  }

  async function draw(site: SiteIdentity, name: SiteIconName): Promise<Buffer> {
    const { size, opaque, maskable } = SITE_ICONS[name];
    const background = maskable ? (site.accentColor ?? '#ffffff') : '#ffffff';
    const inner = maskable ? Math.round(size * 0.7) : size;
    const picture = await sharp(await source(site), { density: 300 })
      .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const canvas = sharp({
      create: {
        width: size,
        height: size,
        channels: 4,
        background: opaque ? background : { r: 0, g: 0, b: 0, alpha: 0 },
      },
    });
    return canvas
      .composite([{ input: picture, gravity: 'centre' }])
      .png()
      .toBuffer();
  }

  return (site: SiteIdentity, name: SiteIconName): Promise<Buffer> =>
    keptUnlessFailed(drawn, `${name} ${site.icon} ${site.accentColor}`, () => draw(site, name));
}
