import type { FastifyInstance } from 'fastify';
import { blogPath, profilePath } from '@inkwell/contracts';
import { authorFeedTitle, feedLinks, tagFeedTitle } from '../../plugins/feed-links.ts';
import { pageTagsResolver, type PageTags } from '../../plugins/page-tags.ts';
import { publicationDates } from './blogs.presenter.ts';
import { findBlog, type BlogWithAuthor } from './blogs.repository.ts';
import { isVisibleTo } from '../visibility/index.ts';

/** A published blog, or undefined: a draft is no page to the public (404), and its title never leaks. */
async function findPublishedBlog(app: FastifyInstance, blogId: string) {
  const blog = await findBlog(app.db, blogId);
  return blog && isVisibleTo(blog, null) ? blog : undefined;
}

/** Head tags of a blog: share tags, Open Graph article:*, its author's and tags' feeds, and schema.org BlogPosting. */
function blogTags(blog: BlogWithAuthor, absolute: (pathOrUrl: string) => string): PageTags {
  const url = absolute(blogPath(blog.blogId));
  const { fullname, username } = blog.author;
  const authorUrl = absolute(profilePath(username));
  const image = blog.banner ? absolute(blog.banner) : undefined;
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
      ...feedLinks({ kind: 'author', username }, authorFeedTitle(fullname, username), absolute),
      // One format per tag: a blog may carry ten of them.
      ...blog.tags.flatMap((tag) => feedLinks({ kind: 'tag', tag }, tagFeedTitle(tag), absolute, ['atom'])),
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: blog.title,
      description: blog.des,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      author: { '@type': 'Person', name: fullname, url: authorUrl },
      datePublished: published,
      dateModified: modified,
      ...(image && { image }),
      // Counted on save, as the page's and the cards' reading time are.
      wordCount: blog.wordCount,
      keywords: blog.tags.join(', '),
    },
  };
}

export const blogPageTags = (app: FastifyInstance) =>
  pageTagsResolver(app, 'blog', (blogId) => findPublishedBlog(app, blogId), blogTags);
