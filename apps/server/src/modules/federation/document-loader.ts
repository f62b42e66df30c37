import type { DocumentLoader, RemoteDocument } from '@fedify/fedify/runtime';
import { preloadedContexts } from '@fedify/fedify/runtime';
import { safeFetch } from '../../net/safe-fetch.ts';

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const MAX_BYTES = 1024 * 1024;

/**
 * Fedify's document loader (remote actors, their keys, JSON-LD contexts) through the SSRF-safe
 * fetcher: every host is resolved and checked, private and loopback addresses refused unless
 * FETCH_ALLOW_HOSTS names them. The well-known contexts are Fedify's own copies, never fetched;
 * nothing on a domain the admins blocked is (`isBlocked`).
 */
export function safeDocumentLoader(allowHosts: string[], isBlocked: (url: string) => Promise<boolean>): DocumentLoader {
  return async (url: string): Promise<RemoteDocument> => {
    if (url in preloadedContexts) return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    if (await isBlocked(url)) throw new Error(`${url} is on a blocked domain: not fetched`);
    const fetched = await safeFetch(url, { allowHosts, accept: ACCEPT, maxBytes: MAX_BYTES, maxRedirects: 3 });
    return {
      contextUrl: null,
      document: JSON.parse(fetched.body.toString('utf8')) as unknown,
      documentUrl: fetched.url,
    };
  };
}
