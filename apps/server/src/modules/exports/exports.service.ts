import { Readable } from 'node:stream';
import { IMAGE_KEY, type ContentBlock, type SiteIdentity } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { bookmarks, likes } from '../../db/schema/index.ts';
import { absoluteUrl, isSitePath } from '../../site-origin.ts';
import type { createImageStore } from '../uploads/index.ts';
import { blogMarkdown } from './blog-markdown.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportPaths,
  imageUrlsIn,
  withImageUrls,
  type ExportedBlog,
  type ExportedBlogMark,
  type ExportedComment,
  type ExportedFollow,
  type ExportedProfile,
  type ExportedRevisions,
  type ExportedSite,
  type ExportedSubscriber,
  type ExportedSubscriptions,
  type ExportedUser,
  type ExportManifest,
} from './export-format.ts';
import {
  blogMarksPage,
  blogsPage,
  commentsPage,
  confirmedSubscriberCount,
  confirmedSubscribersPage,
  findProfile,
  followsPage,
  imageKeysPage,
  PAGE,
  recordedImages,
  revisionsOf,
  subscriptionsOf,
  usersPage,
  type BlogMarkRow,
  type BlogRow,
  type CommentRow,
  type ExportScope,
  type FollowRow,
  type PairKey,
  type ProfileRow,
  type SubscriberRow,
} from './exports.repository.ts';
import type { ZipEntry } from './zip-writer.ts';

/*
 * What an export holds, entry by entry (docs/product/data.md, "Inkwell's export format"): a member's
 * own data, or the whole site's. Each is an async generator of the zip's entries, read a page at a
 * time as the zip asks for the next, so the site's size never sits in memory.
 */

export interface ExportDeps {
  db: Executor;
  store: ReturnType<typeof createImageStore>;
}

/** When, from where and by what an export is written: its manifest's facts. */
export interface ExportStamp {
  now: Date;
  origin: string;
  software: string;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date && iso(date);

const UPLOADED = new RegExp(`^/uploads/(${IMAGE_KEY.source.slice(1, -1)})$`);
/** The stored file an image URL of ours names (`/uploads/<file>`), or null. */
const uploadedFile = (url: string) => UPLOADED.exec(url)?.[1] ?? null;

/**
 * The export's names for the images a batch of rows holds: a file the site recorded is
 * `images/<file>`, any other path of this site an absolute URL on its origin (it means nothing
 * elsewhere), an outside URL itself. `file` is what each kept name's file is.
 */
async function imageNames(db: Executor, origin: string, urls: string[]) {
  const files = urls.map(uploadedFile).filter((file) => file !== null);
  const recorded = await recordedImages(db, [...new Set(files)]);
  const kept = (url: string) => {
    const file = uploadedFile(url);
    return file !== null && recorded.has(file) ? file : null;
  };
  return {
    kept,
    name(url: string): string {
      const file = kept(url);
      if (file) return ExportPaths.image(file);
      return isSitePath(url) ? absoluteUrl(origin, url) : url;
    },
    /** A profile's picture: the generated default (a path of ours that is no upload) is none. */
    picture(url: string): string | null {
      const file = kept(url);
      if (file) return ExportPaths.image(file);
      return isSitePath(url) ? null : url;
    },
  };
}
type ImageNames = Awaited<ReturnType<typeof imageNames>>;

const jsonEntry = (path: string, value: unknown, date: Date): ZipEntry => ({
  path,
  body: `${JSON.stringify(value, null, 2)}\n`,
  date,
});

/** A JSON array written as its items come, one a line: a list of the whole site streams like its blogs. */
const jsonArrayEntry = (path: string, items: AsyncIterable<unknown>, date: Date): ZipEntry => ({
  path,
  date,
  body: Readable.from(
    (async function* () {
      let first = true;
      for await (const item of items) {
        yield Buffer.from(`${first ? '[\n' : ',\n'}${JSON.stringify(item)}`);
        first = false;
      }
      yield Buffer.from(first ? '[]\n' : '\n]\n');
    })(),
    { objectMode: false },
  ),
});

/** Every row, a page at a time, each page after the last row of the one before. */
async function* pages<Row, Key>(
  page: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    after = keyOf(rows.at(-1)!);
  }
}

async function* each<Row, Item>(batches: AsyncIterable<Row[]>, map: (row: Row) => Item): AsyncGenerator<Item> {
  for await (const rows of batches) for (const row of rows) yield map(row);
}

const manifest = (scope: ExportManifest['scope'], stamp: ExportStamp): ZipEntry =>
  jsonEntry(
    ExportPaths.manifest,
    {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: iso(stamp.now),
      scope,
      origin: stamp.origin,
      software: stamp.software,
    } satisfies ExportManifest,
    stamp.now,
  );

const profileOf = (row: ProfileRow, names: ImageNames): ExportedProfile => ({
  username: row.username,
  fullname: row.fullname,
  email: row.email,
  bio: row.bio,
  profileImage: names.picture(row.profileImg),
  socialLinks: Object.fromEntries(Object.entries(row.socialLinks).filter(([, link]) => typeof link === 'string')),
  joinedAt: iso(row.joinedAt),
});

const blocksOf = (content: BlogRow['content']) => content.blocks as ContentBlock[];

/** The image URLs a blog holds: its banner and its blocks'. */
const blogImages = (row: Pick<BlogRow, 'banner' | 'content'>) => [
  ...(row.banner ? [row.banner] : []),
  ...imageUrlsIn(blocksOf(row.content)),
];

function exportedContent(content: BlogRow['content'], names: ImageNames): ExportedBlog['content'] {
  return {
    ...(content.time === undefined ? {} : { time: content.time }),
    ...(content.version === undefined ? {} : { version: content.version }),
    blocks: withImageUrls(blocksOf(content), names.name),
  };
}

function exportedBlog(row: BlogRow, names: ImageNames): ExportedBlog {
  return {
    blog_id: row.blogId,
    author: row.author,
    title: row.title,
    des: row.des,
    tags: row.tags,
    draft: row.draft,
    banner: row.banner && names.name(row.banner),
    content: exportedContent(row.content, names),
    publishedAt: isoOrNull(row.publishedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...(row.awaitingReview ? { awaitingReview: true as const } : {}),
    ...(row.publishAt ? { publishAt: iso(row.publishAt) } : {}),
    ...(row.hiddenReason === null ? {} : { hiddenReason: row.hiddenReason }),
  };
}

/** A blog's two files: its JSON, which an import reads back, and its Markdown. */
function blogEntries(row: BlogRow, names: ImageNames): ZipEntry[] {
  const blog = exportedBlog(row, names);
  return [
    jsonEntry(ExportPaths.blogJson(blog.blog_id), blog, row.updatedAt),
    { path: ExportPaths.blogMarkdown(blog.blog_id), body: blogMarkdown(blog), date: row.updatedAt },
  ];
}

/** The file of a stored image, if the store still has it. */
async function imageEntry(deps: ExportDeps, file: string, date: Date): Promise<ZipEntry | null> {
  const body = await deps.store.open(file);
  return body && { path: ExportPaths.image(file), body, date, stored: true };
}

const comment = (row: CommentRow): ExportedComment => ({
  id: row.id,
  blog: row.blog,
  parent: row.parent,
  author: row.author,
  text: row.text,
  createdAt: iso(row.createdAt),
  ...(row.removedAt ? { removedAt: iso(row.removedAt) } : {}),
});
const blogMark = (row: BlogMarkRow): ExportedBlogMark => ({
  user: row.user,
  blog: row.blog,
  createdAt: iso(row.createdAt),
});
const follow = (row: FollowRow): ExportedFollow => ({
  follower: row.follower,
  author: row.author,
  createdAt: iso(row.createdAt),
});
const subscriber = (row: SubscriberRow): ExportedSubscriber => ({
  author: row.author,
  email: row.email,
  confirmedAt: isoOrNull(row.confirmedAt),
  createdAt: iso(row.createdAt),
});

/** The lists both scopes hold: comments, likes, follows and bookmarks, the member's own or the site's. */
function listEntries(db: Executor, scope: ExportScope, date: Date): ZipEntry[] {
  const pair = (row: { userId: string; blogRowId: string }): PairKey => [row.userId, row.blogRowId];
  return [
    jsonArrayEntry(
      ExportPaths.comments,
      each(
        pages(
          (after?: string) => commentsPage(db, scope, after),
          (row) => row.id,
        ),
        comment,
      ),
      date,
    ),
    jsonArrayEntry(
      ExportPaths.likes,
      each(
        pages((after?: PairKey) => blogMarksPage(db, likes, scope, after), pair),
        blogMark,
      ),
      date,
    ),
    jsonArrayEntry(
      ExportPaths.follows,
      each(
        pages(
          (after?: PairKey) => followsPage(db, scope, after),
          (row): PairKey => [row.followerId, row.authorId],
        ),
        follow,
      ),
      date,
    ),
    jsonArrayEntry(
      ExportPaths.bookmarks,
      each(
        pages((after?: PairKey) => blogMarksPage(db, bookmarks, scope, after), pair),
        blogMark,
      ),
      date,
    ),
  ];
}

/**
 * A member's own data: their profile, their blogs (JSON and Markdown) with their revisions, every
 * image these use (each once), their comments, likes, follows both ways, bookmarks and
 * subscriptions. Nothing of another member but the usernames and blog_ids their rows point at.
 */
export async function* memberExport(deps: ExportDeps, userId: string, stamp: ExportStamp): AsyncGenerator<ZipEntry> {
  const { db } = deps;
  const profile = await findProfile(db, userId);
  if (!profile) return;
  const scope: ExportScope = { kind: 'member', userId };
  const written = new Set<string>();
  async function* images(files: (string | null)[]): AsyncGenerator<ZipEntry> {
    for (const file of files) {
      if (file === null || written.has(file)) continue;
      written.add(file);
      const entry = await imageEntry(deps, file, stamp.now);
      if (entry) yield entry;
    }
  }

  yield manifest('member', stamp);
  const pictureNames = await imageNames(db, stamp.origin, [profile.profileImg]);
  yield jsonEntry(ExportPaths.profile, profileOf(profile, pictureNames), stamp.now);
  yield* images([pictureNames.kept(profile.profileImg)]);

  for await (const rows of pages(
    (after?: string) => blogsPage(db, scope, after),
    (row) => row.id,
  )) {
    for (const row of rows) {
      const revisions = await revisionsOf(db, row.id);
      const urls = [...blogImages(row), ...revisions.flatMap(blogImages)];
      const names = await imageNames(db, stamp.origin, urls);
      yield* blogEntries(row, names);
      const kept: ExportedRevisions = {
        blog_id: row.blogId,
        revisions: revisions.map((revision) => ({
          id: revision.id,
          savedAt: iso(revision.savedAt),
          draft: revision.draft,
          title: revision.title,
          des: revision.des,
          tags: revision.tags,
          banner: revision.banner && names.name(revision.banner),
          content: exportedContent(revision.content, names),
        })),
      };
      yield jsonEntry(ExportPaths.revisions(row.blogId), kept, row.updatedAt);
      yield* images(urls.map(names.kept));
    }
  }

  yield* listEntries(db, scope, stamp.now);
  const subscriptions: ExportedSubscriptions = {
    subscriptions: (await subscriptionsOf(db, userId, profile.email)).map(subscriber),
    subscriberCount: await confirmedSubscriberCount(db, userId),
  };
  yield jsonEntry(ExportPaths.subscriptions, subscriptions, stamp.now);
}

/**
 * The whole site: its identity, every member (with their e-mail address and role), every blog of
 * every state, every comment with its thread, like, follow and bookmark, the authors' confirmed
 * subscribers, and every image the site stores, each once. Revisions stay out (a blog keeps up to
 * a hundred; a member's own export has them).
 */
export async function* siteExport(
  deps: ExportDeps,
  identity: SiteIdentity,
  stamp: ExportStamp,
): AsyncGenerator<ZipEntry> {
  const { db } = deps;
  const scope: ExportScope = { kind: 'site' };
  yield manifest('site', stamp);

  const { logo, icon, shareImage } = identity;
  const identityNames = await imageNames(
    db,
    stamp.origin,
    [logo, icon, shareImage].filter((url) => url !== null),
  );
  const name = (url: string | null) => url && identityNames.name(url);
  const site: ExportedSite = { ...identity, logo: name(logo), icon: name(icon), shareImage: name(shareImage) };
  yield jsonEntry(ExportPaths.site, site, stamp.now);

  yield jsonArrayEntry(
    ExportPaths.users,
    (async function* (): AsyncGenerator<ExportedUser> {
      for await (const rows of pages(
        (after?: string) => usersPage(db, after),
        (row) => row.id,
      )) {
        const names = await imageNames(
          db,
          stamp.origin,
          rows.map((row) => row.profileImg),
        );
        for (const row of rows) yield { ...profileOf(row, names), role: row.role };
      }
    })(),
    stamp.now,
  );

  for await (const rows of pages(
    (after?: string) => blogsPage(db, scope, after),
    (row) => row.id,
  )) {
    const names = await imageNames(db, stamp.origin, rows.flatMap(blogImages));
    for (const row of rows) yield* blogEntries(row, names);
  }

  yield* listEntries(db, scope, stamp.now);
  yield jsonArrayEntry(
    ExportPaths.subscribers,
    each(
      pages(
        (after?: string) => confirmedSubscribersPage(db, after),
        (row) => row.id,
      ),
      subscriber,
    ),
    stamp.now,
  );

  for await (const files of pages(
    (after?: string) => imageKeysPage(db, after),
    (file) => file,
  ))
    for (const file of files) {
      const entry = await imageEntry(deps, file, stamp.now);
      if (entry) yield entry;
    }
}
