import { PUBLIC_COLLECTION } from '@fedify/fedify/vocab';

const ADDRESSING = new Set(['to', 'cc', 'bto', 'bcc', 'audience']);
const COMPACT_PUBLIC = new Set(['as:Public', 'Public']);

/**
 * Compact JSON-LD with the Public collection in its addressing written as the full IRI, never the
 * `as:Public` JSON-LD compaction makes of it: servers that read plain JSON (Lemmy, some Mastodon
 * forks) compare the address literally and take the post for a private one. Fedify does the same only
 * for what it delivers itself (not exported); we deliver through our own fetcher and serve documents
 * it compacts. The same meaning: our documents' contexts are Fedify's own, whose `as:` is the
 * ActivityStreams namespace.
 */
export function withFullPublicAddress(value: unknown, key?: string): unknown {
  if (typeof value === 'string')
    return key && ADDRESSING.has(key) && COMPACT_PUBLIC.has(value) ? PUBLIC_COLLECTION.href : value;
  if (Array.isArray(value)) return value.map((item) => withFullPublicAddress(item, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === '@context' ? v : withFullPublicAddress(v, k)]),
  );
}
