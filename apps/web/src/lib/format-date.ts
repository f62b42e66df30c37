// en-GB's short months, as Intl.DateTimeFormat writes them (September's is four letters). Written
// here: a page's first Intl format starts the browser's ICU (25–35 ms on this machine's Chromium,
// in the task that hydrates the page), and the server's ICU and a browser's may differ.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** A day as readers see it everywhere: 4 Mar 2025, in UTC, so a server-rendered page says the same day as the browser hydrating it. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
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
