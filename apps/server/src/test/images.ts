import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A real image of the given format and size, a colour gradient so it is not trivially small. */
export async function fixtureImage(format: ImageFormat, width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A PNG of random noise, which no encoder shrinks: 2000×1400 of it is 8.4 MB, the banner whose
 * preview image X, WhatsApp and Telegram dropped (issue 27).
 */
export function noisePng(width = 2000, height = 1400): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF metadata (camera make, a GPS-like comment), to prove re-encoding strips it. */
export async function jpegWithMetadata(): Promise<Buffer> {
  return sharp(await fixtureImage('jpeg'))
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 51.5N 0.12W' } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a tiny, well-formed PNG whose IHDR declares width × height pixels
 * (100000 × 100000 by default, 30 GB once decoded), with a valid CRC so decoders trust it.
 */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
