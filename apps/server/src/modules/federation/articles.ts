import type { Context } from '@fedify/fedify';
import { Article, Create, Delete, Hashtag, Image, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { blogPath, searchPath, type EditorOutput } from '@inkwell/contracts';
import type { blogs } from '../../db/schema/index.ts';
import { absoluteUrl } from '../../site-origin.ts';
import { contentHtml } from '../content/index.ts';

type BlogRow = typeof blogs.$inferSelect;

const instant = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime());

/** A blog's address on the fediverse is its page: the same URL readers open, which never changes. */
export const articleUrl = (ctx: Context<void>, blogId: string) => new URL(absoluteUrl(ctx.origin, blogPath(blogId)));

/** Who an author's activities and articles are for: everyone, and their followers named. */
const publicAudience = (ctx: Context<void>, authorId: string) => ({
  to: PUBLIC_COLLECTION,
  cc: ctx.getFollowersUri(authorId),
});

/**
 * A published blog as an ActivityStreams Article, its content the HTML that feeds carry. No
 * `summary`: Mastodon shows an Article as its name, then its summary, then a link to its url, but
 * most other servers (and Mastodon for a Note) show `summary` as a content warning that folds the
 * post. Without it Mastodon shows the title and the link, whose page carries the description (ADR 0007).
 */
export function articleOf(ctx: Context<void>, blog: BlogRow): Article {
  const absolute = (pathOrUrl: string) => absoluteUrl(ctx.origin, pathOrUrl);
  const url = articleUrl(ctx, blog.blogId);
  return new Article({
    id: url,
    url,
    name: blog.title,
    // Stored only after cleanEditorOutput checked every block against its schema.
    content: contentHtml((blog.content as EditorOutput).blocks, absolute),
    mediaType: 'text/html',
    published: instant(blog.publishedAt ?? blog.createdAt),
    updated: instant(blog.updatedAt),
    attribution: ctx.getActorUri(blog.authorId),
    ...publicAudience(ctx, blog.authorId),
    tags: blog.tags.map((tag) => new Hashtag({ name: `#${tag}`, href: new URL(absolute(searchPath(tag))) })),
    image: blog.banner ? new Image({ url: new URL(absolute(blog.banner)) }) : null,
  });
}

/**
 * The Create of a blog: its first publication, or (`restoredAt`) its return to readers after staff
 * withheld it, which must be an activity of its own (receivers drop an id they have seen).
 */
export function createOf(ctx: Context<void>, blog: BlogRow, restoredAt?: Date): Create {
  const article = articleOf(ctx, blog);
  return new Create({
    id: new URL(`${article.id!.href}#create${restoredAt ? `-${restoredAt.getTime()}` : ''}`),
    actor: ctx.getActorUri(blog.authorId),
    object: article,
    published: article.published,
    ...publicAudience(ctx, blog.authorId),
  });
}

export function updateOf(ctx: Context<void>, blog: BlogRow): Update {
  const article = articleOf(ctx, blog);
  return new Update({
    // Each edit is its own activity: a receiver that has seen one update must not drop the next.
    id: new URL(`${article.id!.href}#update-${blog.updatedAt.getTime()}`),
    actor: ctx.getActorUri(blog.authorId),
    object: article,
    published: article.updated,
    ...publicAudience(ctx, blog.authorId),
  });
}

export function deleteOf(ctx: Context<void>, removed: { blogId: string; authorId: string }, at: Date): Delete {
  const id = articleUrl(ctx, removed.blogId);
  return new Delete({
    id: new URL(`${id.href}#delete-${at.getTime()}`),
    actor: ctx.getActorUri(removed.authorId),
    object: new Tombstone({ id, deleted: instant(at) }),
    ...publicAudience(ctx, removed.authorId),
  });
}

/** The `Delete` of an author's actor: their account is gone, and with it everything of theirs (Mastodon deletes their account and posts). */
export function actorDeleteOf(ctx: Context<void>, authorId: string, at: Date): Delete {
  const actor = ctx.getActorUri(authorId);
  return new Delete({
    id: new URL(`${actor.href}#delete-${at.getTime()}`),
    actor,
    object: actor,
    ...publicAudience(ctx, authorId),
  });
}
