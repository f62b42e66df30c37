import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Executor } from '../../db/client.ts';
import { type RasterImage, shareImage } from '../uploads/index.ts';
import { avatarSvg } from './avatars.ts';

/** A default picture's side as PNG: 8 px per unit of its 60-unit grid, so each cell's edge falls on a pixel. */
export const AVATAR_PNG_SIDE = 480;

/**
 * PNGs already drawn, by seed. In memory, not the image store: any visitor may ask for any seed,
 * so storing each would let strangers fill the disk; a PNG is a few hundred bytes and redrawing
 * one costs milliseconds, so a bounded cache (2 MB) is enough to draw each popular one once.
 */
const drawn = new LRUCache<string, Buffer>({
  maxSize: 2 * 1024 * 1024,
  sizeCalculation: (png) => png.length,
  fetchMethod: (seed) =>
    sharp(Buffer.from(avatarSvg(seed)), { density: (72 * AVATAR_PNG_SIDE) / 60 })
      .png()
      .toBuffer(),
});

/** The default picture drawn from `seed` as PNG (Mastodon and most link unfurlers refuse SVG). */
export const avatarPng = async (seed: string): Promise<Buffer> => (await drawn.fetch(seed))!;

const DEFAULT_AVATAR = /^\/api\/avatar\/[^/]+\.svg$/;

/**
 * A profile picture (a stored `profile_img`) as an image other programs read, with its type and
 * size: a default picture's PNG, an upload's share copy, or any other address as it is.
 */
export async function rasterProfileImage(db: Executor, profileImg: string): Promise<RasterImage> {
  if (DEFAULT_AVATAR.test(profileImg))
    return {
      url: profileImg.replace(/\.svg$/, '.png'),
      type: 'image/png',
      width: AVATAR_PNG_SIDE,
      height: AVATAR_PNG_SIDE,
    };
  return (await shareImage(db, profileImg)) ?? { url: profileImg };
}
