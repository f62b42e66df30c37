import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes the UTC day of a moment, whatever its hour', () => {
    expect(formatDate('2025-03-04T00:00:00.000Z')).toBe('4 Mar 2025');
    expect(formatDate('2025-03-04T23:59:59.999Z')).toBe('4 Mar 2025');
    expect(formatDate('2025-03-05T00:00:00.000Z')).toBe('5 Mar 2025');
    // A moment with an offset is still its UTC day: 01:30 in Paris on the 5th is the 4th in UTC.
    expect(formatDate('2025-03-05T01:30:00+02:00')).toBe('4 Mar 2025');
  });

  it('writes each month as Intl writes en-GB days, Sept included', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const day = new Date(Date.UTC(2025, month, month + 10, 12));
      expect(formatDate(day.toISOString())).toBe(intl.format(day));
    }
    expect(formatDate('2025-09-10T08:00:00.000Z')).toBe('10 Sept 2025');
  });

  it('writes days before 1970, and every hour of a day as that day', () => {
    expect(formatDate('1969-12-31T23:00:00.000Z')).toBe('31 Dec 1969');
    expect(formatDate('2025-09-10T08:00:00.000Z')).toBe(formatDate('2025-09-10T20:00:00.000Z'));
  });
});
