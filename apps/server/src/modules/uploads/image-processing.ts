import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@inkwell/contracts';
import sharp from 'sharp';
import { HttpError } from '../../http-error.ts';
import type { ImageType } from './image-type.ts';

/** Longest side of a stored image; bigger uploads are scaled down. */
export const MAX_SIDE = 2000;
/** Pixels a decoder may be asked to allocate (all frames together): stops decompression bombs. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an upload in its own format: whatever rode along (metadata, GPS,
 * a script appended to a polyglot) is left behind, and the size is capped.
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<ProcessedImage> {
  const animated = type.format === 'gif' || type.format === 'webp';
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(type.format, type.format === 'jpeg' || type.format === 'webp' ? { quality: 85 } : {})
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new HttpError(413, 'image_too_many_pixels');
    throw new HttpError(400, 'image_invalid');
  }
}

export interface ImageVariant {
  width: ImageVariantWidth;
  data: Buffer;
}

/**
 * The WebP copies of a stored image (`width` px wide), one per variant width: a copy as wide as
 * the image stands for every width it does not reach, so none is ever scaled up. Animation is kept.
 */
export async function webpVariants(image: Buffer, width: number): Promise<ImageVariant[]> {
  const source = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, animated: true });
  const encode = (to: number) => source.clone().resize({ width: to }).webp({ quality: 80 }).toBuffer();
  let fullWidth: Promise<Buffer> | undefined;
  return Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (variant) => ({
      width: variant,
      data: await (variant < width ? encode(variant) : (fullWidth ??= encode(width))),
    })),
  );
}

/** How wide an image shared in a link preview is: the size Open Graph consumers ask for (Facebook, X, LinkedIn). */
export const SHARE_WIDTH = 1200;

/**
 * The copy of a stored image (`width` px wide) that link previews show: a JPEG at most SHARE_WIDTH
 * wide, as every unfurler reads JPEG (not all read WebP) and their size limits (X's 5 MB, what
 * WhatsApp and Telegram drop) are far off; transparency on white, an animation's first frame.
 */
export async function shareCopy(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: Math.min(width, SHARE_WIDTH) })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
