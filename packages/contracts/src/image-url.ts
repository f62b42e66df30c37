import { z } from 'zod';

/** How the server turns an image's URL around: as it answers it, and as it stores what a client sent. */
export interface ImageUrlSides {
  answered(url: string): string;
  stored(url: string): string;
}

// Anywhere but the server (the web app, its server renderer) a URL is left as it came.
let sides: ImageUrlSides = { answered: (url) => url, stored: (url) => url };

/** The server's rule, set once at start (apps/server/src/plugins/image-urls.ts). */
export function turnImageUrlsWith(next: ImageUrlSides) {
  sides = next;
}

/**
 * An image's URL (a profile picture, a banner, an image block): the one schema of every image URL a
 * call answers or takes (docs/api.md). The server answers its own images' paths as absolute URLs on
 * its origin, serialising through this codec, and parses an absolute URL on its own origin back into
 * the path it stores; an outside URL passes both ways untouched.
 */
export const imageUrl = (stored: z.ZodString = z.string()) =>
  z.codec(z.string().describe('An absolute URL (ours or an outside one); our own may also be sent as a path'), stored, {
    decode: (url) => sides.stored(url),
    encode: (url) => sides.answered(url),
  });

/** An image URL in an answer. */
export const ImageUrl = imageUrl();
