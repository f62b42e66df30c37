import type { LinkPreviewResponse } from '@inkwell/contracts';
import { safeFetch } from '../../net/safe-fetch.ts';
import { readPageMeta } from './page-meta.ts';

/** A page is read up to this size for its head. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * The card of Editor.js's link tool for a URL: the page's title, description and image.
 * Any failure (refused address, error status, not HTML) is `{success: 0}`, never an exception.
 */
export async function previewLink(link: string, allowHosts: string[]): Promise<LinkPreviewResponse> {
  try {
    const page = await safeFetch(link, {
      allowHosts,
      maxBytes: MAX_PAGE_BYTES,
      accept: 'text/html,application/xhtml+xml',
    });
    if (!HTML_TYPES.test(page.contentType)) return { success: 0 };
    const meta = readPageMeta(page.body.toString('utf8'), page.url);
    if (!meta.title && !meta.description) return { success: 0 };
    return {
      success: 1,
      link: new URL(link).href,
      meta: { title: meta.title, description: meta.description, image: { url: meta.image } },
    };
  } catch {
    return { success: 0 };
  }
}
