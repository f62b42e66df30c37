import { randomBytes } from 'node:crypto';

const SLUG_MAX = 60;

/** The URL-safe part of a blog_id taken from its title: lower-case a-z, 0-9 and single dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'blog';
}

/** A new blog_id: the title's slug and a short random suffix, so equal titles never clash. */
export function newBlogId(title: string): string {
  const suffix = randomBytes(6)
    .toString('base64url')
    .replace(/[^a-zA-Z0-9]/g, '')
    .toLowerCase()
    .slice(0, 6)
    .padEnd(6, '0');
  return `${slugify(title)}-${suffix}`;
}
