// en-GB's short months, as Intl.DateTimeFormat writes them (September's is four letters). Written
// here: a page's first Intl format starts the browser's ICU (25–35 ms on this machine's Chromium,
// in the task that hydrates the page), and the server's ICU and a browser's may differ.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const DAY_MS = 86_400_000;
// Each day written once: even made once, the format took a fiftieth of a blog page's render on the
// server (a page shows seven dates, and lists show the same few days again and again).
const daysWritten = new Map<number, string>();

/** A day as readers see it everywhere: 4 Mar 2025, in UTC, so a server-rendered page says the same day as the browser hydrating it. */
export function formatDate(iso: string): string {
  const dayNumber = Math.floor(Date.parse(iso) / DAY_MS);
  let written = daysWritten.get(dayNumber);
  if (written === undefined) {
    if (daysWritten.size >= 4096) daysWritten.clear();
    const date = new Date(dayNumber * DAY_MS);
    written = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
    daysWritten.set(dayNumber, written);
  }
  return written;
}

/** A moment, for what changes within a day: 4 Mar 2025, 14:05 (in the reader's time zone). */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** A month, as a chart's monthly bucket names it: Mar 2025 (in UTC, as the server counts). */
export const formatMonth = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
