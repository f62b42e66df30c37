import type { ContentBlock } from '@inkwell/contracts';

/*
 * What every import source becomes before anything is written: the one shape between the readers
 * of the five formats (WordPress WXR, Ghost JSON, a Medium export, a zip of Markdown files, and
 * Inkwell's own export) and the job that writes blogs. It is plain JSON (dates as ISO strings), so
 * it is stored as it is and a restarted job reads the same thing again.
 */

/** The formats an import reads. */
export type ImportSource = 'wordpress' | 'ghost' | 'medium' | 'markdown' | 'inkwell';

/**
 * An image of an imported post, wherever a URL is expected (an image block's `file.url`, a
 * banner): an http(s) URL, fetched later through the SSRF-safe fetcher, or `archive:<path>`, a
 * file of the uploaded zip (its path normalised, checked inside the archive).
 */
export type ImageRef = string;
export const ARCHIVE_PREFIX = 'archive:';

/** An author named by the source: an admin's site import maps them to members by e-mail. */
export interface ImportedAuthor {
  /** The source's own name for them (a WXR login, a Ghost user id, an Inkwell username), which posts point at. */
  key: string;
  email?: string;
  fullname?: string;
  username?: string;
  bio?: string;
}

export interface ImportedPost {
  /**
   * The post's identity in its source (a WXR guid, a Ghost id, a Medium URL, a file's path, an
   * Inkwell blog_id): importing the same post again for the same member finds it and skips it.
   */
  sourceKey: string;
  /** An ImportedAuthor's key; none when the source names no author (the importer is the author). */
  authorKey?: string;
  title: string;
  /** The excerpt, or the first words of the text; cut to the description limit. */
  description: string;
  /** Every tag the source gave, in its order (the job keeps the first ten and reports the rest). */
  tags: string[];
  /** Editor.js blocks as the editor saves them; image blocks' `file.url` is an ImageRef. */
  blocks: ContentBlock[];
  /** The feature image; none when the source has none (the job then uses the first image, or the site's share image). */
  banner?: ImageRef;
  draft: boolean;
  publishedAt?: string;
  createdAt?: string;
  updatedAt?: string;
  /** The post's paths on the old site (`/my-post/`, `/2019/05/my-post/`, `/p/my-post`), answered with a 301 to the new page. */
  oldPaths: string[];
  /** What could not be converted in this post and why, one sentence each (a footnote kept as a note, a shortcode dropped). */
  problems: string[];
}

export interface ImportBundle {
  source: ImportSource;
  authors: ImportedAuthor[];
  posts: ImportedPost[];
  /** What was left out of the file as a whole (an attachment item, a page, an unreadable entry), one sentence each. */
  problems: string[];
}

/** A parsed upload: the bundle, and the archive's files the posts name (`archive:<path>`), by path. */
export interface ReadImport {
  bundle: ImportBundle;
  files: Map<string, Buffer>;
}
