import { describe, expect, it } from 'vitest';
import { countOf, formatCount, nounFor } from './counts.ts';

describe('countOf', () => {
  it('says one in the singular and any other number in the plural', () => {
    expect(countOf(1, 'like')).toBe('1 like');
    expect(countOf(0, 'like')).toBe('0 likes');
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
  });

  it('writes thousands with separators', () => {
    expect(countOf(1204, 'read')).toBe('1,204 reads');
  });
});

describe('nounFor', () => {
  it('gives the noun alone, for a number shown apart from it', () => {
    expect(nounFor(1, 'comment')).toBe('comment');
    expect(nounFor(12, 'comment')).toBe('comments');
  });
});

describe('formatCount', () => {
  it('writes a count as the screens show it, thousands separated', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    const intl = new Intl.NumberFormat('en');
    for (const count of [1, 12, 123, 1000, 99_999, 100_000, 2_147_483_647, -1204])
      expect(formatCount(count)).toBe(intl.format(count));
  });
});
