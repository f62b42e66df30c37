import type { FastifyInstance } from 'fastify';
import { blogPath, profilePath, type SiteIdentity } from '@inkwell/contracts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { authorFeedTitle, feedLinks, tagFeedTitle } from '../../plugins/feed-links.ts';
import { pageTagsResolver, type PageTags, type ShareImage } from '../../plugins/page-tags.ts';
import { publicationDates } from './blogs.presenter.ts';
import { findBlog, type BlogWithAuthor } from './blogs.repository.ts';
import { siteImages } from '../identity/index.ts';
import { type RasterImage, shareImage } from '../uploads/index.ts';
import { isVisibleTo } from '../visibility/index.ts';

/**
 * A published blog with its banner as previews show it (an upload's share copy; an outside URL as
 * it is), or undefined: a draft is no page to the public (404), and its title never leaks.
 */
async function findPublishedBlog(app: FastifyInstance, blogId: string) {
  const blog = await findBlog(app.db, blogId);
  if (!blog || !isVisibleTo(blog, null)) return undefined;
  shows(Tags.blog(blog.id), Tags.member(blog.authorId));
  const banner: RasterImage | null = blog.banner
    ? ((await shareImage(app.db, blog.banner)) ?? { url: blog.banner })
    : null;
  const { logo } = await siteImages(app, await app.siteIdentity());
  return { blog, banner, logo };
}

/** An image as schema.org describes one; its size only when known. */
const imageObject = ({ url, width, height, alt }: ShareImage) => ({
  '@type': 'ImageObject',
  url,
  ...(width && height && { width, height }),
  caption: alt,
});

/** Head tags of a blog: share tags, Open Graph article:*, its author's and tags' feeds, and schema.org BlogPosting. */
function blogTags(
  { blog, banner, logo }: { blog: BlogWithAuthor; banner: RasterImage | null; logo: ShareImage },
  absolute: (pathOrUrl: string) => string,
  site: SiteIdentity,
): PageTags {
  const url = absolute(blogPath(blog.blogId));
  const { fullname, username } = blog.author;
  const authorUrl = absolute(profilePath(username));
  // No words describe a banner (the page shows it as decoration), so its alt text names whose it is.
  const image = banner ? { ...banner, url: absolute(banner.url), alt: `Banner of “${blog.title}”` } : undefined;
  const dates = publicationDates(blog);
  const [published, modified] = [dates.published.toISOString(), dates.modified.toISOString()];
  return {
    title: blog.title,
    description: blog.des,
    image,
    url,
    type: 'article',
    properties: [
      ['article:published_time', published],
      ['article:modified_time', modified],
      ['article:author', authorUrl],
      ...blog.tags.map((tag): [string, string] => ['article:tag', tag]),
    ],
    feeds: [
      ...feedLinks({ kind: 'author', username }, authorFeedTitle(fullname, username, site.name), absolute),
      // One format per tag: a blog may carry ten of them.
      ...blog.tags.flatMap((tag) => feedLinks({ kind: 'tag', tag }, tagFeedTitle(tag, site.name), absolute, ['atom'])),
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: blog.title,
      description: blog.des,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      author: { '@type': 'Person', name: fullname, url: authorUrl },
      publisher: {
        '@type': 'Organization',
        name: site.name,
        url: absolute('/'),
        logo: imageObject({ ...logo, url: absolute(logo.url) }),
      },
      datePublished: published,
      dateModified: modified,
      ...(image && { image: imageObject(image) }),
      // Counted on save, as the page's and the cards' reading time are.
      wordCount: blog.wordCount,
      keywords: blog.tags.join(', '),
    },
  };
}

export const blogPageTags = (app: FastifyInstance) =>
  pageTagsResolver(app, 'blog', (blogId) => findPublishedBlog(app, blogId), blogTags);
