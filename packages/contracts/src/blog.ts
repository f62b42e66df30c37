import { z } from 'zod';
import { ErrorMessages, type FieldRefusal } from './error-codes.ts';
import { imageUrl, ImageUrl } from './image-url.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';
import { PublishAt } from './publishing.ts';

/* ---------- Content blocks (Editor.js output, docs/product/data.md) ---------- */

const inline = z.string().max(20_000);
const url = z.string().max(2048);
const image = imageUrl(url);

export const ParagraphData = z.object({ text: inline });
export const HeaderData = z.object({ text: inline, level: z.number().int().min(1).max(6) });
const pixels = z.number().int().min(1).max(100_000);
export const ImageData = z.object({
  // Width and height come from the upload's answer (blocks saved before they did have none).
  file: z.object({ url: image, width: pixels.optional(), height: pixels.optional() }),
  caption: inline.default(''),
  // What screen readers say for the picture, plain text; blocks saved before it have none (the caption's text stands in).
  alt: z.string().max(10_000).optional(),
  withBorder: z.boolean().default(false),
  stretched: z.boolean().default(false),
  withBackground: z.boolean().default(false),
});
export const QuoteData = z.object({
  text: inline,
  caption: inline.default(''),
  alignment: z.enum(['left', 'center']).default('left'),
});
export interface ListItem {
  content: string;
  meta?: Record<string, unknown> | undefined;
  items: ListItem[];
}
// Named (`id`), so the OpenAPI document can refer to it from inside itself.
export const ListItem: z.ZodType<ListItem> = z
  .lazy(() =>
    z.object({
      content: inline,
      meta: z.record(z.string(), z.unknown()).optional(),
      items: z.array(ListItem).max(500),
    }),
  )
  .meta({ id: 'ListItem' });
export const ListData = z.object({
  style: z.enum(['ordered', 'unordered']),
  meta: z.record(z.string(), z.unknown()).optional(),
  // Editor.js list v2 saves items as objects; older data has plain strings.
  items: z.array(z.union([inline, ListItem])).max(500),
});
export const LinkData = z.object({
  link: url,
  meta: z
    .object({
      title: z.string().max(500).optional(),
      description: z.string().max(2000).optional(),
      image: z.object({ url: image }).optional(),
    })
    .default({}),
});
export const EmbedData = z.object({
  service: z.string().max(50),
  source: url,
  embed: url,
  width: z.number().int().min(1).max(4000).optional(),
  height: z.number().int().min(1).max(4000).optional(),
  caption: inline.default(''),
});

/**
 * The stored block is `{code, language}`; `html` is only in get-blog's answers: the code highlighted
 * by the server (spans with highlight.js classes), so no reader's browser loads a highlighter.
 * The caps below are backstops: content-blocks.ts refuses past BlockLimits with a message naming the block.
 */
export const CodeData = z.object({
  code: z.string().max(1_000_000),
  language: z.string().max(50).default('plain'),
  html: z.string().optional(),
});
export const DelimiterData = z.object({});
export const TableData = z.object({
  withHeadings: z.boolean().default(false),
  stretched: z.boolean().optional(),
  content: z.array(z.array(inline).max(1000)).max(1000),
});

/** Rows are keyed by uuids: anything else cannot name one, so callers answer it like an unknown id. */
export const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;

const block = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.string().max(50).optional(),
    type: z.literal(type),
    data,
    tunes: z.record(z.string(), z.unknown()).optional(),
  });

export const ContentBlock = z.discriminatedUnion('type', [
  block('paragraph', ParagraphData),
  block('header', HeaderData),
  block('image', ImageData),
  block('quote', QuoteData),
  block('list', ListData),
  block('link', LinkData),
  block('embed', EmbedData),
  block('code', CodeData),
  block('delimiter', DelimiterData),
  block('table', TableData),
]);
export type ContentBlock = z.infer<typeof ContentBlock>;
export type BlockType = ContentBlock['type'];

export const EditorOutput = z.object({
  time: z.number().optional(),
  blocks: z.array(ContentBlock).max(1000),
  version: z.string().max(50).optional(),
});
export type EditorOutput = z.infer<typeof EditorOutput>;

/** docs/product/data.md: `content` is an array whose first item holds the blocks. */
export const BlogContent = z.array(EditorOutput).max(1);
export type BlogContent = z.infer<typeof BlogContent>;

/**
 * create-blog's `content` as a client may send it: docs/product/data.md's array, or the editor's saved output
 * itself (`{time, blocks, version}`, what `editor.save()` resolves to). Either way it is the array
 * from here on, and a refusal names the field where that client put it (`content.blocks.0.data`).
 */
export const BlogContentBody = z.unknown().transform((value, ctx): BlogContent => {
  const single = value !== null && typeof value === 'object' && !Array.isArray(value);
  const parsed = single ? EditorOutput.transform((output) => [output]).safeParse(value) : BlogContent.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});

/* ---------- Writing ---------- */

/** When a blog was last saved, as get-blog and create-blog answer it and create-blog's `updatedAt` takes it back. */
export const SavedAt = z.iso.datetime({ offset: true });

export const CreateBlogBody = z.object({
  title: z.string().max(Limits.titleMax, ErrorMessages.title_too_long).default(''),
  banner: image.default(''),
  des: z.string().max(1000).default(''),
  content: BlogContentBody.default([]),
  tags: z.array(z.string().max(1000)).max(100, Messages.maxTags).default([]),
  draft: z.boolean().default(false),
  id: z.string().max(300).optional(),
  /** With `id`: the blog's `updatedAt` as the client loaded it; a blog saved since is refused (409), not overwritten. */
  updatedAt: SavedAt.optional(),
  /** With `draft: false`: publish at this time instead of now (scheduled-publishing.ts). */
  publishAt: PublishAt.nullable().optional(),
});
export type CreateBlogBody = z.infer<typeof CreateBlogBody>;

export interface BlogDraftish {
  title: string;
  banner: string;
  des: string;
  tags: string[];
  blocks: unknown[];
}

/** docs/product/rules.md Save draft: only a title is needed. */
export function draftError({ title }: Pick<BlogDraftish, 'title'>): FieldRefusal | null {
  return title.trim() ? null : { field: 'title', code: 'draft_title_required', message: Messages.draftTitleRequired };
}

/** docs/product/rules.md Publish from editor: checked before the publish settings open. */
export function editorPublishError({
  title,
  banner,
  blocks,
}: Pick<BlogDraftish, 'title' | 'banner' | 'blocks'>): FieldRefusal | null {
  if (!banner.trim()) return { field: 'banner', code: 'banner_required', message: Messages.bannerRequired };
  if (!title.trim()) return { field: 'title', code: 'title_required', message: Messages.titleRequired };
  if (blocks.length === 0) return { field: 'content', code: 'content_required', message: Messages.contentRequired };
  return null;
}

/** docs/product/rules.md Publish settings, then the editor's rules: what the server checks on publish. */
export function publishError(blog: BlogDraftish): FieldRefusal | null {
  if (!blog.title.trim())
    return { field: 'title', code: 'publish_title_required', message: Messages.publishTitleRequired };
  const des = blog.des.trim();
  if (!des || des.length > Limits.descriptionMax)
    return { field: 'des', code: 'description_invalid', message: Messages.descriptionRule };
  if (blog.tags.length === 0) return { field: 'tags', code: 'tags_required', message: Messages.tagRequired };
  if (blog.tags.length > Limits.maxTags) return { field: 'tags', code: 'too_many_tags', message: Messages.maxTags };
  return editorPublishError(blog);
}

/** Tags as stored: trimmed, lower case, no empties, no duplicates. */
export function normaliseTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

/** Limits every saved blog's (normalised) tags keep, drafts included. */
export function tagsError(tags: string[]): FieldRefusal | null {
  if (tags.length > Limits.maxTags) return { field: 'tags', code: 'too_many_tags', message: Messages.maxTags };
  if (tags.some((tag) => tag.length > Limits.tagMax))
    return { field: 'tags', code: 'tag_too_long', message: ErrorMessages.tag_too_long };
  return null;
}

/** The blog_id, and when this save happened (the blog's new `updatedAt`). */
/** `awaiting_review`: published by a member not yet trusted, it waits for a moderator before anyone else sees it. */
export const CreateBlogResponse = z.object({ id: z.string(), updatedAt: z.string(), awaiting_review: z.boolean() });

/**
 * `POST /api/blog/get-blog`. The editor sends `{blog_id, draft: true, mode: 'edit'}`: mode `edit`
 * opens the blog to edit it, so no read is counted; any other mode (`read`, `''`) or none reads it.
 * `draft` is accepted and changes nothing: who may see a draft depends on the token, not the body.
 */
export const GetBlogBody = z.object({
  blog_id: z.string().max(300),
  draft: z.boolean().optional(),
  mode: z.string().max(50).optional(),
});
export type GetBlogBody = z.infer<typeof GetBlogBody>;

/**
 * `POST /api/blog/read` (ours, 204): a server-rendered blog page, once it runs in the browser,
 * says it was read, with the reader's token if any. The page came without a get-blog call, and
 * the server rendered it for the anonymous reader; this counts the read by get-blog's rules.
 */
export const ReadBlogBody = z.object({
  blog_id: z.string().max(300),
  /** The page's `document.referrer`: only its host is kept, for the author's statistics (where reads came from). */
  referrer: z.string().max(2048).optional(),
});
export type ReadBlogBody = z.infer<typeof ReadBlogBody>;

/* ---------- Reading shapes (docs/product/data.md Blog) ---------- */

export const PersonalInfo = z.object({ fullname: z.string(), username: z.string(), profile_img: ImageUrl });
export type PersonalInfo = z.infer<typeof PersonalInfo>;

export const Activity = z.object({
  total_likes: z.number(),
  total_comments: z.number(),
  total_parent_comments: z.number(),
  total_reads: z.number(),
});

/** What lists show: never the content. */
export const BlogCard = z.object({
  blog_id: z.string(),
  title: z.string(),
  des: z.string(),
  banner: ImageUrl,
  tags: z.array(z.string()),
  publishedAt: z.string().nullable(),
  author: z.object({ personal_info: PersonalInfo }),
  activity: Activity,
  /** Minutes to read the blog, at least 1: the server counts its words on every save (content-html.ts). */
  reading_minutes: z.number().int(),
});
export type BlogCard = z.infer<typeof BlogCard>;

/** What the caller may do to a blog (policies.ts), beside docs/product/data.md's fields; anonymous: all false. */
export const BlogCan = z.object({ edit: z.boolean(), delete: z.boolean() });
export type BlogCan = z.infer<typeof BlogCan>;

export const Blog = BlogCard.extend({
  _id: z.string(),
  content: BlogContent,
  draft: z.boolean(),
  can: BlogCan,
  /** When the blog was last saved (ISO 8601); likes, comments and reads leave it. */
  updatedAt: z.string(),
  /** When a scheduled blog is to be published; only its author is told, null for everyone else. */
  publishAt: z.string().nullable(),
  /** Why staff hid the blog from readers; null unless hidden (only its author may read a hidden blog). */
  hidden_reason: z.string().nullable(),
  /** Published by a member not yet trusted, waiting for a moderator (only its author and the staff may read it meanwhile). */
  awaiting_review: z.boolean(),
  /** Whether its author is trusted (policies.ts isTrusted): the links of one not yet trusted are marked `rel="ugc nofollow"`. */
  author_trusted: z.boolean(),
});
export type Blog = z.infer<typeof Blog>;

export const GetBlogResponse = z.object({ blog: Blog });

/**
 * `POST /api/blog/can` (ours): what the caller may do to a blog, the `can` of get-blog's blog. The
 * blog page the server rendered for everyone carries an anonymous `can`; a signed-in browser asks this.
 */
export const BlogCanBody = z.object({ blog_id: z.string().max(300) });
export type BlogCanBody = z.infer<typeof BlogCanBody>;
export const BlogCanResponse = z.object({ can: BlogCan });
export const BlogsResponse = z.object({ blogs: z.array(BlogCard) });
export const CountResponse = z.object({ totalDocs: z.number() });
