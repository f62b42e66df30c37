import { webUrl } from '@inkwell/contracts';

/** Where a read came from when no other site sent the reader: no referrer, or one of our own pages. */
export const DIRECT = 'direct';
/** The search engines, together. */
export const SEARCH = 'search';

/** Search engines by their host (their subdomains too: cn.bing.com, html.duckduckgo.com, m.baidu.com). */
const SEARCH_HOSTS = [
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.com',
  'baidu.com',
  'ecosia.org',
  'qwant.com',
  'startpage.com',
  'search.brave.com',
  'kagi.com',
];
/** Google's and Yandex's country sites: google.com, google.de, google.co.uk, yandex.ru… */
const COUNTRY_SEARCH = /^(google|yandex)\.([a-z]{2,3}\.)?[a-z]{2,3}$/;

/** A host as the statistics keep it: lower case, without `www.` or a trailing dot. */
const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

/**
 * What the statistics keep of a read's referrer (the page's `document.referrer`): the referring
 * site's host, SEARCH for a search engine, or DIRECT for none, an address that is no web page's, or
 * one of `ownHosts` (the site's own pages: PUBLIC_URL's host and the one the request came to; a
 * host may carry a port, which is left out). Nothing else of the address is kept: no path, no query.
 */
export function referrerSource(referrer: string | undefined, ownHosts: string[]): string {
  const url = referrer ? webUrl(referrer) : null;
  if (!url || !url.hostname) return DIRECT;
  const host = bareHost(url.hostname);
  if (ownHosts.some((own) => bareHost(own.replace(/:\d*$/, '')) === host)) return DIRECT;
  if (COUNTRY_SEARCH.test(host) || SEARCH_HOSTS.some((name) => host === name || host.endsWith(`.${name}`)))
    return SEARCH;
  return host;
}
