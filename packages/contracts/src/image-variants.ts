// No zod here: the server's upload route and every screen that shows a picture share this file.

/**
 * Widths (px) of the WebP copies the server keeps of every uploaded image: 200 for thumbnails and
 * avatars, then steps that keep a phone's reading column (650–1000 device px) and a desktop's
 * (600, or 1200 at 2×) within a step of what they show.
 */
export const IMAGE_VARIANT_WIDTHS = [200, 400, 700, 1000, 1600] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** A stored image's file name: the SHA-256 of its bytes (the first group) and its own extension. */
export const IMAGE_KEY = /^([0-9a-f]{64})\.(?:png|jpg|webp|gif)$/;

/** An uploaded image's URL: its origin (the server answers it absolute, issue 27; older data has none), `/uploads/` and its file name. */
const UPLOADED = new RegExp(`^(https?://[^/?#]+)?/uploads/${IMAGE_KEY.source.slice(1)}`);

/**
 * The file name of an image's WebP copy at `width` px, or at the image's own width when it is
 * narrower (copies are never wider than their original).
 */
export const imageVariantKey = (hash: string, width: ImageVariantWidth) => `${hash}-${width}w.webp`;

/**
 * The WebP `srcset` of an image an Inkwell stored, on the image's own origin; null for any other
 * address (it has no copies).
 * With the original's width known, each candidate names its true width and none repeats another;
 * without it (banners, older image blocks), each names its nominal width, and a narrower original's
 * copies answer at its own width, which a browser picking for a wider slot would get anyway.
 */
export function imageSrcSet(url: string, width?: number): string | null {
  const [, origin = '', hash] = UPLOADED.exec(url) ?? [];
  if (!hash) return null;
  const candidates: string[] = [];
  for (const nominal of IMAGE_VARIANT_WIDTHS) {
    candidates.push(
      `${origin}/uploads/${imageVariantKey(hash, nominal)} ${width === undefined ? nominal : Math.min(nominal, width)}w`,
    );
    if (width !== undefined && nominal >= width) break;
  }
  return candidates.join(', ');
}
