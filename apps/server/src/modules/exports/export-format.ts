import { z } from 'zod';
import { ContentBlock, ROLES } from '@inkwell/contracts';

/*
 * Inkwell's export format, version 1 (docs/product/data.md, "Inkwell's export format"): what the
 * writer (exports.service.ts) puts in the zip, and what the import's reader (imports/read-inkwell.ts)
 * takes back, in one place. A file's paths are relative to the zip's root; an image of this site is
 * named `images/<file>`, a file of the zip; any other image keeps its outside URL.
 */

export const EXPORT_FORMAT = 'inkwell-export';
export const EXPORT_VERSION = 1;

/** The files of an export, by their path in the zip. */
export const ExportPaths = {
  manifest: 'manifest.json',
  /** Member scope: the member's own profile. */
  profile: 'profile.json',
  /** Site scope: every member. */
  users: 'users.json',
  /** Site scope: the site's identity. */
  site: 'site.json',
  comments: 'comments.json',
  likes: 'likes.json',
  follows: 'follows.json',
  bookmarks: 'bookmarks.json',
  /** Member scope: whom they subscribed to, and how many subscribe to them. */
  subscriptions: 'subscriptions.json',
  /** Site scope: every confirmed subscriber of every author. */
  subscribers: 'subscribers.json',
  blogJson: (blogId: string) => `blogs/${blogId}.json`,
  blogMarkdown: (blogId: string) => `blogs/${blogId}.md`,
  revisions: (blogId: string) => `revisions/${blogId}.json`,
  image: (file: string) => `images/${file}`,
} as const;

/** A blog's JSON file, `blogs/<blog_id>.json`: its path's blog_id, or null for any other path. */
export const blogIdOfPath = (path: string) => /^blogs\/([^/]+)\.json$/.exec(path)?.[1] ?? null;

const Iso = z.iso.datetime({ offset: true });

/** `manifest.json`, read first: what the zip is, which version of the format, from where. */
export const ExportManifest = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: Iso,
  scope: z.enum(['member', 'site']),
  /** The site's public origin (PUBLIC_URL, or the address the export was asked at). */
  origin: z.string(),
  /** The version of the software that wrote it. */
  software: z.string(),
});
export type ExportManifest = z.infer<typeof ExportManifest>;

/** Only what tells the format and its version apart, so that another version is refused as such. */
export const ExportIdentity = z.object({ format: z.literal(EXPORT_FORMAT), version: z.number() });

const SocialLinks = z.record(z.string(), z.string());

/** `profile.json` (member scope). `profileImage` is `images/<file>`, an outside URL, or null for the generated default. */
export const ExportedProfile = z.object({
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  bio: z.string(),
  profileImage: z.string().nullable(),
  socialLinks: SocialLinks,
  joinedAt: Iso,
});
export type ExportedProfile = z.infer<typeof ExportedProfile>;

/** One line of `users.json` (site scope): a profile and the member's role. */
export const ExportedUser = ExportedProfile.extend({ role: z.enum(ROLES) });
export type ExportedUser = z.infer<typeof ExportedUser>;
export const ExportedUsers = z.array(ExportedUser);

/** A blog's content as stored: Editor.js's output, its blocks exactly as saved (image URLs as above). */
export const ExportedContent = z.object({
  time: z.number().optional(),
  version: z.string().optional(),
  blocks: z.array(ContentBlock),
});

/** `blogs/<blog_id>.json`. `banner` is '' when the blog has none. */
export const ExportedBlog = z.object({
  blog_id: z.string().min(1),
  /** The author's username. */
  author: z.string(),
  title: z.string(),
  des: z.string(),
  tags: z.array(z.string()),
  draft: z.boolean(),
  banner: z.string(),
  content: ExportedContent,
  publishedAt: Iso.nullable(),
  createdAt: Iso,
  updatedAt: Iso,
  /** Only when it is set: published and waiting for a moderator's review. */
  awaitingReview: z.literal(true).optional(),
  /** Only when it is set: when the scheduled draft is to be published. */
  publishAt: Iso.optional(),
  /** Only when it is set: why staff hid it from readers. */
  hiddenReason: z.string().optional(),
});
export type ExportedBlog = z.infer<typeof ExportedBlog>;

/** `revisions/<blog_id>.json` (member scope): the blog's kept revisions, newest first. */
export const ExportedRevisions = z.object({
  blog_id: z.string(),
  revisions: z.array(
    z.object({
      id: z.string(),
      savedAt: Iso,
      draft: z.boolean(),
      title: z.string(),
      des: z.string(),
      tags: z.array(z.string()),
      banner: z.string(),
      content: ExportedContent,
    }),
  ),
});
export type ExportedRevisions = z.infer<typeof ExportedRevisions>;

/** One line of `comments.json`: `blog` is a blog_id, `parent` the id of the comment it answers. */
export const ExportedComment = z.object({
  id: z.string(),
  blog: z.string(),
  parent: z.string().nullable(),
  /** The writer's username; null once they deleted their account (`text` is then "[deleted]", kept for the replies under it). */
  author: z.string().nullable(),
  text: z.string(),
  createdAt: Iso,
  /** Only when staff deleted its words (`text` is then what readers see instead). */
  removedAt: Iso.optional(),
});
export type ExportedComment = z.infer<typeof ExportedComment>;

/** One line of `likes.json` or `bookmarks.json`: who (a username) liked or saved which blog (a blog_id), and when. */
export const ExportedBlogMark = z.object({ user: z.string(), blog: z.string(), createdAt: Iso });
export type ExportedBlogMark = z.infer<typeof ExportedBlogMark>;

/** One line of `follows.json`: the follower and the followed author, by username. */
export const ExportedFollow = z.object({ follower: z.string(), author: z.string(), createdAt: Iso });
export type ExportedFollow = z.infer<typeof ExportedFollow>;

/** An e-mail subscription to an author's new blogs: `confirmedAt` null while the address is unconfirmed. */
export const ExportedSubscriber = z.object({
  author: z.string(),
  email: z.string(),
  confirmedAt: Iso.nullable(),
  createdAt: Iso,
});
export type ExportedSubscriber = z.infer<typeof ExportedSubscriber>;

/** `subscriptions.json` (member scope): the authors they subscribed to, and how many confirmed subscribers they have. */
export const ExportedSubscriptions = z.object({
  subscriptions: z.array(ExportedSubscriber),
  subscriberCount: z.number().int().min(0),
});
export type ExportedSubscriptions = z.infer<typeof ExportedSubscriptions>;

/** `site.json` (site scope): the site's identity, its images named as above. */
export const ExportedSite = z.object({
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  icon: z.string().nullable(),
  accentColor: z.string().nullable(),
  topics: z.array(z.string()),
  navigation: z.array(z.object({ label: z.string(), url: z.string() })),
  footer: z.string(),
  shareImage: z.string().nullable(),
  language: z.string(),
});
export type ExportedSite = z.infer<typeof ExportedSite>;

/**
 * The blocks with each image URL they hold (an image block's file, a link card's picture) turned by
 * `turn`: the writer names the site's images `images/<file>`, the reader turns those into the
 * archive's files. Blocks without images are the same objects.
 */
export function withImageUrls(blocks: ContentBlock[], turn: (url: string) => string): ContentBlock[] {
  return blocks.map((block) => {
    if (block.type === 'image')
      return { ...block, data: { ...block.data, file: { ...block.data.file, url: turn(block.data.file.url) } } };
    if (block.type === 'link' && block.data.meta.image)
      return {
        ...block,
        data: { ...block.data, meta: { ...block.data.meta, image: { url: turn(block.data.meta.image.url) } } },
      };
    return block;
  });
}

/** Every image URL the blocks hold, in order. */
export function imageUrlsIn(blocks: ContentBlock[]): string[] {
  const urls: string[] = [];
  withImageUrls(blocks, (url) => {
    urls.push(url);
    return url;
  });
  return urls;
}
