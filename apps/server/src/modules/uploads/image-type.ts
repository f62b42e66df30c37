export interface ImageType {
  format: 'png' | 'jpeg' | 'webp' | 'gif';
  mime: string;
  extension: string;
}

const TYPES: Record<ImageType['format'], ImageType> = {
  png: { format: 'png', mime: 'image/png', extension: 'png' },
  jpeg: { format: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  webp: { format: 'webp', mime: 'image/webp', extension: 'webp' },
  gif: { format: 'gif', mime: 'image/gif', extension: 'gif' },
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the file's own first bytes, never from its name or declared type.
 * SVG (script-capable XML) and everything else answer null.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return TYPES.webp;
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return TYPES.gif;
  return null;
}

/** The type of a stored file, from the extension we gave it. */
export const typeOfExtension = (extension: string): ImageType | undefined =>
  Object.values(TYPES).find((t) => t.extension === extension);

/** Every extension a stored image can have. */
export const IMAGE_EXTENSIONS = Object.values(TYPES).map((t) => t.extension);
