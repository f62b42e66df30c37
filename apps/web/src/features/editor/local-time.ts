/*
 * The publishing time as the writer picks it: a datetime-local input, in the browser's time zone,
 * sent as an ISO moment in UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a datetime-local input's value (`2026-05-01T09:30`, seconds when it has some), in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const seconds = d.getSeconds() ? `:${pad(d.getSeconds())}` : '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}

/** A datetime-local input's value, read in the browser's time zone, as an ISO moment in UTC; null when it names no moment. */
export function fromLocalInput(value: string): string | null {
  const time = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The browser's time zone, as the writer knows it (`Europe/Paris`). */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
