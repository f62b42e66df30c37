import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-variants.ts';

const hash = 'ab'.repeat(32);
const copy = (width: number) => `/uploads/${hash}-${width}w.webp`;
const all = `${copy(200)} 200w, ${copy(400)} 400w, ${copy(700)} 700w, ${copy(1000)} 1000w, ${copy(1600)} 1600w`;

describe('imageSrcSet', () => {
  it('offers every WebP copy of an uploaded image under its nominal width when its own is unknown', () => {
    expect(imageSrcSet(`/uploads/${hash}.jpg`)).toBe(all);
  });

  it('names true widths and stops at the first copy as wide as the image', () => {
    expect(imageSrcSet(`/uploads/${hash}.png`, 2000)).toBe(all);
    expect(imageSrcSet(`/uploads/${hash}.png`, 900)).toBe(
      `${copy(200)} 200w, ${copy(400)} 400w, ${copy(700)} 700w, ${copy(1000)} 900w`,
    );
    expect(imageSrcSet(`/uploads/${hash}.png`, 700)).toBe(`${copy(200)} 200w, ${copy(400)} 400w, ${copy(700)} 700w`);
    expect(imageSrcSet(`/uploads/${hash}.gif`, 150)).toBe(`${copy(200)} 150w`);
  });

  it('offers the copies on the origin of an absolute URL, as the server answers its images', () => {
    const origin = 'https://ink.example';
    expect(imageSrcSet(`${origin}/uploads/${hash}.png`, 300)).toBe(
      `${origin}${copy(200)} 200w, ${origin}${copy(400)} 300w`,
    );
  });

  it('has nothing for an outside address, a default avatar or a copy itself', () => {
    for (const url of [
      'https://example.com/photos/cat.jpg',
      `https://example.com/images/${hash}.jpg`,
      `https://example.com/api/avatar/ann.svg`,
      '/api/avatar/ann.svg',
      copy(400),
      `/uploads/${hash}.svg`,
    ]) {
      expect(imageSrcSet(url)).toBeNull();
    }
  });
});
