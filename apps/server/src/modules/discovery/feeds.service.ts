import {
  blogPath,
  escapeHtml,
  FEED_FORMATS,
  feedPath,
  profilePath,
  topicPath,
  type EditorOutput,
  type FeedFormat,
  type FeedSubject,
  type SiteIdentity,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { authorFeedTitle, tagFeedTitle } from '../../plugins/feed-links.ts';
import { newestBlogs } from '../blog-lists/index.ts';
import { publicationDates } from '../blogs/index.ts';
import { contentHtml } from '../content/index.ts';
import { getProfile } from '../profiles/index.ts';
import { listingChangedAt } from '../visibility/index.ts';
import type { FeedEntry, FeedModel } from './feed-formats.ts';

/** How many of the newest published blogs a feed holds. */
export const FEED_SIZE = 20;

type Absolute = (pathOrUrl: string) => string;
type FeedBlog = Awaited<ReturnType<typeof newestBlogs>>[number];

/** A blog as a feed entry; its id is its page's URL, which never changes (blog_id stays through edits). */
function feedEntry(blog: FeedBlog, absolute: Absolute): FeedEntry {
  const url = absolute(blogPath(blog.blogId));
  const image = blog.banner ? absolute(blog.banner) : undefined;
  // Stored only after cleanEditorOutput checked every block against its schema.
  const body = contentHtml((blog.content as EditorOutput).blocks, absolute);
  const dates = publicationDates(blog);
  return {
    id: url,
    url,
    title: blog.title,
    summary: blog.des,
    html: image ? `<p><img src="${escapeHtml(image)}" alt=""></p>\n${body}` : body,
    published: dates.published,
    updated: dates.modified,
    author: { name: blog.author.fullname, url: absolute(profilePath(blog.author.username)) },
    tags: blog.tags,
    image,
  };
}

interface FeedContent {
  subject: FeedSubject;
  title: string;
  description: string;
  homePath: string;
  blogs: FeedBlog[];
  /** When an empty feed says it was updated: an author's join date (else when the lists last changed). */
  since?: Date;
}

/** Whose blogs, under which name: 404 for an unknown author, or a tag no published blog carries. */
async function feedContent(db: Db, subject: FeedSubject, site: SiteIdentity): Promise<FeedContent> {
  switch (subject.kind) {
    case 'site':
      return {
        subject,
        title: site.name,
        description: site.description || `The newest blogs on ${site.name}.`,
        homePath: '/',
        blogs: await newestBlogs(db, {}, FEED_SIZE),
      };
    case 'author': {
      const profile = await getProfile(db, subject.username);
      const { fullname, username, bio } = profile.personal_info;
      return {
        subject: { kind: 'author', username },
        title: authorFeedTitle(fullname, username, site.name),
        description: bio || `Blogs by ${fullname} on ${site.name}.`,
        homePath: profilePath(username),
        blogs: await newestBlogs(db, { author: profile._id }, FEED_SIZE),
        since: new Date(profile.joinedAt),
      };
    }
    case 'tag': {
      const blogs = subject.tag ? await newestBlogs(db, { tag: subject.tag }, FEED_SIZE) : [];
      if (blogs.length === 0) throw notFound('tag_not_found');
      return {
        subject,
        title: tagFeedTitle(subject.tag, site.name),
        description: `The newest blogs tagged ${subject.tag} on ${site.name}.`,
        homePath: topicPath(subject.tag),
        blogs,
      };
    }
  }
}

/**
 * The feed of a subject, with absolute links (feed readers read them out of context), and when
 * what is listed last changed (its Last-Modified), read before the blogs, so that a change
 * committed between the two reads leaves a date older than the feed (a needless 200 later), never
 * a newer one on the older feed (a 304 that keeps what changed).
 */
export async function buildFeed(
  db: Db,
  subject: FeedSubject,
  absolute: Absolute,
  site: SiteIdentity,
): Promise<{ model: FeedModel; listed: Awaited<ReturnType<typeof listingChangedAt>> }> {
  const listed = await listingChangedAt(db);
  const content = await feedContent(db, subject, site);
  const entries = content.blogs.map((blog) => feedEntry(blog, absolute));
  const urls = Object.fromEntries(
    (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => [format, absolute(feedPath(content.subject, format))]),
  );
  const newest = Math.max(...entries.map((entry) => entry.updated.getTime()));
  const model = {
    title: content.title,
    description: content.description,
    homeUrl: absolute(content.homePath),
    language: site.language,
    urls: urls as Record<FeedFormat, string>,
    updated: entries.length ? new Date(newest) : (content.since ?? listed.changedAt),
    entries,
  };
  return { model, listed };
}
