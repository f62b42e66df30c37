// Made once: toLocaleDateString with options builds a new format on every call, the dearest part
// of rendering a list of cards on the server.
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A day as readers see it everywhere: 4 Mar 2025, in UTC, so a server-rendered page says the same day as the browser hydrating it. */
export const formatDate = (iso: string) => day.format(new Date(iso));

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
