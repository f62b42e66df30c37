import { describe, expect, it } from 'vitest';
import { ACCENT_TEXT_MIN_CONTRAST, accentContrast, isReadableAccent } from './site-identity.ts';

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

describe('the accent rule', () => {
  it('takes a colour with 3:1 against both pages, each with a label of at least 4.5:1', () => {
    let accepted = 0;
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const colour = hex(r, g, b);
          const { light, dark, textContrast } = accentContrast(colour);
          expect(isReadableAccent(colour)).toBe(light >= 3 && dark >= 3);
          if (isReadableAccent(colour)) {
            accepted++;
            expect(textContrast).toBeGreaterThanOrEqual(ACCENT_TEXT_MIN_CONTRAST);
          }
        }
    expect(accepted).toBeGreaterThan(500);
  });

  it('refuses the neutral extremes and a pale yellow, and takes a mid blue with a white label', () => {
    for (const colour of ['#000000', '#ffffff', '#ffff00']) expect(isReadableAccent(colour)).toBe(false);
    expect(isReadableAccent('#2563eb')).toBe(true);
    expect(accentContrast('#2563eb').text).toBe('#ffffff');
    expect(accentContrast('#22c55e').text).toBe('#000000');
  });
});
