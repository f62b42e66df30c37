import { createHash } from 'node:crypto';

const PALETTE = ['#f97316', '#0ea5e9', '#22c55e', '#a855f7', '#ef4444', '#14b8a6', '#eab308', '#6366f1'];

/** The default picture of a new user: a 5×5 symmetric pattern drawn from a seed, made here. */
export function avatarSvg(seed: string): string {
  const hash = createHash('sha256').update(seed).digest();
  const color = PALETTE[hash[0]! % PALETTE.length];
  const cells: string[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if (hash[1 + y * 3 + x]! % 2 === 0) continue;
      for (const cx of new Set([x, 4 - x]))
        cells.push(`<rect x="${cx * 10 + 5}" y="${y * 10 + 5}" width="10" height="10"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60"><rect width="60" height="60" fill="#f3f4f6"/><g fill="${color}">${cells.join('')}</g></svg>`;
}

export const avatarUrl = (seed: string) => `/api/avatar/${encodeURIComponent(seed)}.svg`;
