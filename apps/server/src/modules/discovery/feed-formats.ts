import { Feed } from 'feed';
import { escapeHtml, FEED_FORMATS, type FeedFormat } from '@inkwell/contracts';

/** One blog as every feed format carries it. `title` and `summary` are plain text; `html` is sanitised HTML. */
export interface FeedEntry {
  id: string;
  url: string;
  title: string;
  summary: string;
  html: string;
  published: Date;
  updated: Date;
  author: { name: string; url: string };
  tags: string[];
  image?: string | undefined;
}

export interface FeedModel {
  title: string;
  description: string;
  /** The page the feed belongs to. */
  homeUrl: string;
  /** The site's language tag. */
  language: string;
  /** Where each format of this feed lives (its own `self` link). */
  urls: Record<FeedFormat, string>;
  updated: Date;
  entries: FeedEntry[];
}

/**
 * The `feed` package's model for Atom or RSS. Their entry titles and summaries are HTML
 * (Atom says type="html"; RSS readers take them so), so plain text is escaped first: a title
 * such as `<img onerror=…>` stays text in a reader. RSS 2.0's `<author>` is an e-mail address,
 * which we never publish: its items name the author in Dublin Core's `<dc:creator>` instead.
 */
function xmlFeed(model: FeedModel, format: 'atom' | 'rss'): Feed {
  const feed = new Feed({
    id: model.urls.atom,
    title: model.title,
    description: model.description,
    link: model.homeUrl,
    updated: model.updated,
    language: model.language,
    generator: false,
    copyright: '',
    feedLinks: { atom: model.urls.atom, rss: model.urls.rss, json: model.urls.json },
  });
  for (const entry of model.entries) {
    feed.addItem({
      id: entry.id,
      guid: entry.id,
      link: entry.url,
      title: escapeHtml(entry.title),
      description: escapeHtml(entry.summary),
      content: entry.html,
      date: entry.updated,
      published: entry.published,
      ...(format === 'atom'
        ? { author: [{ name: entry.author.name, link: entry.author.url }] }
        : { extensions: [{ name: 'dc:creator', objects: { _text: entry.author.name } }] }),
      category: entry.tags.map((tag) => ({ name: tag, term: tag })),
      ...(entry.image && { image: entry.image }),
    });
  }
  return feed;
}

/** JSON Feed 1.1 (the `feed` package writes 1.0, without `authors` and `language`). Plain text stays plain here. */
function jsonFeed(model: FeedModel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: model.title,
    description: model.description,
    home_page_url: model.homeUrl,
    feed_url: model.urls.json,
    language: model.language,
    items: model.entries.map((entry) => ({
      id: entry.id,
      url: entry.url,
      title: entry.title,
      summary: entry.summary,
      content_html: entry.html,
      ...(entry.image && { image: entry.image }),
      date_published: entry.published.toISOString(),
      date_modified: entry.updated.toISOString(),
      authors: [entry.author],
      tags: entry.tags,
    })),
  });
}

/** The feed written in one format, with its media type. */
export function renderFeed(model: FeedModel, format: FeedFormat): { body: string; type: string } {
  const type = `${FEED_FORMATS[format].type}; charset=utf-8`;
  switch (format) {
    case 'atom':
      return { body: xmlFeed(model, format).atom1(), type };
    case 'rss':
      return { body: xmlFeed(model, format).rss2(), type };
    case 'json':
      return { body: jsonFeed(model), type };
  }
}
