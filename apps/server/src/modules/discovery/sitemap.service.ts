import type { Db } from '../../db/client.ts';
import { blogPath, escapeHtml, profilePath } from '@inkwell/contracts';
import { publishedBlogsCount, publishedBlogsPage } from '../blog-lists/index.ts';
import { authorsCount, authorsPage } from '../profiles/index.ts';
import { listingChangedAt } from '../visibility/index.ts';
import { SHARE_CARD_PATH } from '../identity/index.ts';
import type { Representation } from './conditional-get.ts';

/** The sitemap protocol's most URLs in one file. */
export const SITEMAP_PAGE_SIZE = 50_000;

const XML_TYPE = 'application/xml; charset=utf-8';
const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

type Absolute = (path: string) => string;

export const SITEMAP_SECTIONS = ['blogs', 'authors'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export const sitemapPagePath = (section: SitemapSection, page: number) => `/sitemap-${section}-${page}.xml`;
export const SITEMAP_HOME_PATH = '/sitemap-home.xml';

interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
}

function urlset(urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">${entries.join('\n')}</urlset>\n`;
}

const pageCount = (items: number, size: number) => Math.ceil(items / size);

/*
 * Every sitemap's Last-Modified is when what is listed last changed, which moves on removals too
 * (the newest remaining lastmod would go back). Read before the lists, as a feed's is (feeds.service.ts).
 */

/** The sitemap index: the home page's sitemap, then each page of blogs and of authors. */
export async function sitemapIndex(db: Db, absolute: Absolute, pageSize = SITEMAP_PAGE_SIZE): Promise<Representation> {
  const listed = await listingChangedAt(db);
  const counts: Record<SitemapSection, number> = {
    blogs: await publishedBlogsCount(db),
    authors: await authorsCount(db),
  };
  const paths = [
    SITEMAP_HOME_PATH,
    ...SITEMAP_SECTIONS.flatMap((section) =>
      Array.from({ length: pageCount(counts[section], pageSize) }, (_, i) => sitemapPagePath(section, i + 1)),
    ),
  ];
  const entries = paths.map((path) => `<sitemap><loc>${escapeHtml(absolute(path))}</loc></sitemap>`);
  return {
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">${entries.join('\n')}</sitemapindex>\n`,
    type: XML_TYPE,
    listed,
  };
}

/** The home page, whose list changes with what is listed. */
export const homeSitemap = async (db: Db, absolute: Absolute): Promise<Representation> => ({
  body: urlset([{ loc: absolute('/') }]),
  type: XML_TYPE,
  listed: await listingChangedAt(db),
});

async function sectionUrls(
  db: Db,
  section: SitemapSection,
  page: number,
  pageSize: number,
  absolute: Absolute,
): Promise<SitemapUrl[]> {
  switch (section) {
    case 'blogs':
      return (await publishedBlogsPage(db, page, pageSize)).map((blog) => ({
        loc: absolute(blogPath(blog.blogId)),
        lastmod: blog.updatedAt,
      }));
    case 'authors':
      return (await authorsPage(db, page, pageSize)).map((author) => ({
        loc: absolute(profilePath(author.username)),
        lastmod: author.lastEdit,
      }));
  }
}

/** One page of a section, lastmod from each blog's last edit (an author's: their newest edit); null past the last page. */
export async function sitemapPage(
  db: Db,
  section: SitemapSection,
  page: number,
  absolute: Absolute,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<Representation | null> {
  const listed = await listingChangedAt(db);
  const urls = await sectionUrls(db, section, page, pageSize, absolute);
  return urls.length ? { body: urlset(urls), type: XML_TYPE, listed } : null;
}

/**
 * robots.txt: crawlers keep out of the signed-in screens, the API and drafts' previews, and learn
 * where the sitemap is; they may fetch the images pages share (uploads, avatars and the site's
 * image, two of them under /api/: the longest matching rule wins, RFC 9309 §2.2.2).
 */
export const robotsTxt = (absolute: Absolute): Representation => ({
  body: [
    'User-agent: *',
    'Disallow: /editor',
    'Disallow: /dashboard',
    'Disallow: /settings',
    'Disallow: /api/',
    'Allow: /api/avatar/',
    `Allow: ${SHARE_CARD_PATH}`,
    'Allow: /uploads/',
    'Disallow: /preview/',
    '',
    `Sitemap: ${absolute('/sitemap.xml')}`,
    '',
  ].join('\n'),
  type: 'text/plain; charset=utf-8',
});
