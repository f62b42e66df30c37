import { blockTexts, ImportLimits, Limits, type ContentBlock } from '@inkwell/contracts';
import { fromHtml } from 'hast-util-from-html';
import { badRequest } from '../../http-error.ts';
import { textOf } from './html-blocks.ts';
import { cutAtWord, oneLine } from './text-cuts.ts';

/** The plain text of an HTML fragment (an excerpt, a title some sources write as HTML), spaces collapsed. */
export const plainText = (html: string): string => oneLine(textOf(fromHtml(html, { fragment: true })));

/** The post's description: its excerpt, else the first words of its text, within the description's limit. */
export function describe(excerpt: string | undefined, blocks: ContentBlock[]): string {
  const given = plainText(excerpt ?? '');
  if (given) return cutAtWord(given, Limits.descriptionMax);
  const prose = blocks.filter((block) => block.type === 'paragraph' || block.type === 'quote' || block.type === 'list');
  const text = plainText(prose.flatMap(blockTexts).join(' '));
  return cutAtWord(text, Limits.descriptionMax);
}

/** A title as a blog holds it: plain text within the title's limit; a longer one is cut, and said. */
export function titleOf(raw: string, problems: string[]): string {
  const title = oneLine(raw);
  if (title.length <= Limits.titleMax) return title;
  problems.push(`Its title was longer than ${Limits.titleMax} characters and was cut.`);
  return cutAtWord(title, Limits.titleMax);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A source's date as an ISO string, or undefined when it has none or it is not a date. Accepts
 * ISO 8601, SQL's `2019-05-01 10:00:00` (read as UTC, as WordPress's `_gmt` dates are), Jekyll's
 * `2019-05-01 10:00:00 +0200`, a bare day, and RFC 2822 (`Wed, 01 May 2019 10:00:00 +0000`).
 * WordPress writes `0000-00-00 00:00:00` for "never": undefined too.
 */
export function isoDate(value: unknown): string | undefined {
  // TOML's dates are Dates whose own toISOString keeps their offset: read as an instant.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : new Date(value.getTime()).toISOString();
  if (typeof value !== 'string' || !value.trim() || value.startsWith('0000')) return undefined;
  const parts = DATE_TIME.exec(value.trim());
  if (parts) {
    const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '0', zone = 'Z'] = parts;
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    const date = new Date(
      `${year}-${month}-${day}T${hour}:${minute}:${second}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`,
    );
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The path (and query) of an address on the old site, as its redirect will be matched: `/2019/05/my-post/`. */
export function oldPath(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address, 'http://old.invalid');
    const path = `${url.pathname}${url.search}`;
    return path === '/' ? undefined : path;
  } catch {
    return undefined;
  }
}

/** Distinct, non-empty values in their first order. */
export const distinct = (values: (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/** Refuses a source with more posts than one import may hold, before any of them is converted. */
export function checkPostCount(count: number) {
  if (count > ImportLimits.postsMax) throw badRequest('import_too_many_posts');
}
