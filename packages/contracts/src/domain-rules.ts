/*
 * Blocked domains, of the fediverse and of e-mail addresses (zod-free): what a domain is as an
 * admin types it, and what a block of one covers. The server's SQL
 * (modules/federation/domain-blocks.repository.ts) applies `domainCovers` to stored addresses in
 * the same words; an e-mail address's blocks are looked up as `domainsCovering` its domain.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The host an admin means, as it appears in an actor's address: `Spam.Example`,
 * `https://spam.example:8443/@someone` and `*.spam.example` are all `spam.example`; a name in
 * another script becomes its `xn--` form; an IP address stays one. Null for what names no host
 * (nothing, a single word, an e-mail address, text with spaces in it).
 */
export function normaliseDomain(input: string): string | null {
  const text = input.trim().replace(/^\*\./, '');
  let url: URL;
  try {
    url = new URL(SCHEME.test(text) ? text : `http://${text}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host)) return host;
  const labels = host.split('.');
  return host.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label)) ? host : null;
}

/** A block of `domain` covers the host itself and every subdomain of it: `spam.example` covers `a.spam.example`. */
export const domainCovers = (domain: string, host: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** Every domain whose block covers `host`: the host itself and each domain it is under (`a.spam.example`, `spam.example`, `example`). */
export function domainsCovering(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** Everything up to an e-mail address's last `@`: its domain is what is left. */
const MAILBOX = /^[^\s@/]+@(?=[^@]*$)/;

/**
 * The e-mail domain an admin means, or an address's own: `Alice@Mail.Spam.Example` is
 * `mail.spam.example`; without an `@`, as `normaliseDomain` reads it. Null for what names none.
 */
export const normaliseEmailDomain = (input: string): string | null =>
  normaliseDomain(input.trim().replace(MAILBOX, ''));
