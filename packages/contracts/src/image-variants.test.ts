import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-variants.ts';

const hash = 'ab'.repeat(32);
const copy = (width: number) => `/uploads/${hash}-${width}w.webp`;

describe('imageSrcSet', () => {
  it('offers every WebP copy of an uploaded image under its nominal width when its own is unknown', () => {
    expect(imageSrcSet(`/uploads/${hash}.jpg`)).toBe(`${copy(400)} 400w, ${copy(800)} 800w, ${copy(1600)} 1600w`);
  });

  it('names true widths and stops at the first copy as wide as the image', () => {
    expect(imageSrcSet(`/uploads/${hash}.png`, 2000)).toBe(`${copy(400)} 400w, ${copy(800)} 800w, ${copy(1600)} 1600w`);
    expect(imageSrcSet(`/uploads/${hash}.png`, 1000)).toBe(`${copy(400)} 400w, ${copy(800)} 800w, ${copy(1600)} 1000w`);
    expect(imageSrcSet(`/uploads/${hash}.png`, 800)).toBe(`${copy(400)} 400w, ${copy(800)} 800w`);
    expect(imageSrcSet(`/uploads/${hash}.gif`, 300)).toBe(`${copy(400)} 300w`);
  });

  it('has nothing for an outside address, a default avatar or a copy itself', () => {
    for (const url of [`https://example.com/uploads/${hash}.jpg`, '/api/avatar/ann.svg', copy(400), `/uploads/${hash}.svg`]) {
      expect(imageSrcSet(url)).toBeNull();
    }
  });
});
