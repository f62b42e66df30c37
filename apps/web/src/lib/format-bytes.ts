const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size as people read it: 512 bytes, 3.4 MB, 12 GB (units of 1000, as disks are sold). */
export function formatBytes(bytes: number): string {
  const power = Math.min(UNITS.length - 1, Math.max(0, Math.floor(Math.log10(Math.max(bytes, 1)) / 3)));
  return new Intl.NumberFormat('en-GB', {
    style: 'unit',
    unit: UNITS[power],
    unitDisplay: power === 0 ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(bytes / 1000 ** power);
}
