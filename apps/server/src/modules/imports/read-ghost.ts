import { htmlToBlocks, type BlockOptions } from './html-blocks.ts';
import type { ImportBundle, ImportedAuthor, ImportedPost } from './import-bundle.ts';
import { checkPostCount, describe, distinct, isoDate, titleOf } from './post-fields.ts';

/*
 * A Ghost export (Settings → Labs → Export, Ghost 4 and 5): JSON of the site's tables. Posts keep
 * their rendered `html` (the editor's own lexical or mobiledoc is not read); tags, authors and
 * the feature image's alt and caption are in tables of their own, joined by id.
 */

type Row = Record<string, unknown>;

/** The tables of a Ghost export, in either shape Ghost writes: `{db: [{data}]}` or `{data}`; null when it is not one. */
export function ghostTables(json: unknown): Record<string, Row[]> | null {
  const object = (value: unknown): Row | null =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null;
  const root = object(json);
  const db = root && Array.isArray(root.db) ? object(root.db[0]) : root;
  const data = object(db?.data);
  if (!data || !Array.isArray(data.posts)) return null;
  const tables: Record<string, Row[]> = {};
  for (const [name, rows] of Object.entries(data))
    if (Array.isArray(rows)) tables[name] = rows.map(object).filter((row): row is Row => row !== null);
  return tables;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Ghost writes its own address as `__GHOST_URL__` in links and images. */
const GHOST_URL = '__GHOST_URL__';
const IMAGE_ON_GHOST = 'Images stored on the old Ghost site were left out: give the old site’s address to import them.';
const LINK_ON_GHOST = 'Links to the old Ghost site were kept as text: give the old site’s address to keep them.';

/** Reads a Ghost export's tables: its posts, their authors, and what was left out. */
export function readGhost(tables: Record<string, Row[]>, siteUrl: string | undefined): ImportBundle {
  const site = siteUrl?.replace(/\/+$/, '');
  const rows = (name: string) => tables[name] ?? [];
  const byPost = (name: string, key: string) => {
    const map = new Map<string, Row[]>();
    for (const row of rows(name).toSorted((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))) {
      const id = text(row.post_id);
      map.set(id, [...(map.get(id) ?? []), row]);
    }
    return (postId: string) => (map.get(postId) ?? []).map((row) => text(row[key]));
  };
  const tagsOf = byPost('posts_tags', 'tag_id');
  const authorsOf = byPost('posts_authors', 'author_id');
  const tags = new Map(rows('tags').map((tag) => [text(tag.id), tag]));
  const meta = new Map(rows('posts_meta').map((row) => [text(row.post_id), row]));

  const authors: ImportedAuthor[] = rows('users').map((user) => ({
    key: text(user.id),
    ...(text(user.email) && { email: text(user.email) }),
    ...(text(user.name) && { fullname: text(user.name) }),
    ...(text(user.slug) && { username: text(user.slug) }),
    ...(text(user.bio) && { bio: text(user.bio) }),
  }));

  const posts = rows('posts').filter((post) => text(post.type || 'post') === 'post');
  checkPostCount(posts.length);
  const pages = rows('posts').length - posts.length;
  const problems: string[] = [];
  if (pages) problems.push(`${pages} ${pages === 1 ? 'page was' : 'pages were'} left out: only posts are imported.`);

  /** An address with Ghost's own made absolute on the old site's address; null without one. */
  const resolve = (address: string): string | null =>
    !address.includes(GHOST_URL) ? address : site ? address.replaceAll(GHOST_URL, site) : null;

  return {
    source: 'ghost',
    authors,
    posts: posts.map((post): ImportedPost => {
      const id = text(post.id);
      const said = new Set<string>();
      const options: BlockOptions = {
        link: (href) => {
          const url = resolve(href);
          if (!url) said.add(LINK_ON_GHOST);
          return url;
        },
        image: (src) => {
          const url = resolve(src);
          if (!url) return { problem: IMAGE_ON_GHOST };
          return /^https?:\/\//.test(url)
            ? url
            : { problem: `An image that is not a web address (${src.slice(0, 80)}) was left out.` };
        },
      };
      const { blocks, problems: blockProblems } = htmlToBlocks(text(post.html), options);
      const postMeta = meta.get(id);
      const featureImage = text(post.feature_image);
      const banner = featureImage ? resolve(featureImage) : null;
      const postProblems: string[] = featureImage && !banner ? [IMAGE_ON_GHOST] : [];
      const [authorKey, ...coauthors] = authorsOf(id);
      if (coauthors.length) {
        const names = coauthors.map((key) => authors.find((author) => author.key === key)?.fullname ?? key);
        postProblems.push(`Its other authors (${names.join(', ')}) are not kept: a blog has one author.`);
      }
      const status = text(post.status);
      if (status === 'scheduled') postProblems.push('It was scheduled: it is imported as a draft.');
      if (status === 'sent') postProblems.push('It was sent by e-mail only: it is imported as a draft.');
      const alt = text(postMeta?.feature_image_alt ?? post.feature_image_alt);
      const caption = text(postMeta?.feature_image_caption ?? post.feature_image_caption);
      if (banner && (alt || caption))
        postProblems.push('Its feature image’s alt text and caption are not kept: a banner has neither.');
      const postTags = tagsOf(id)
        .map((tagId) => tags.get(tagId))
        .filter((tag): tag is Row => tag !== undefined);
      const internal = postTags.filter((tag) => text(tag.visibility) === 'internal' || text(tag.name).startsWith('#'));
      if (internal.length)
        postProblems.push(`Its internal tags (${internal.map((tag) => text(tag.name)).join(', ')}) were left out.`);
      const published = status === 'published';
      const slug = text(post.slug);
      const excerpt = text(post.custom_excerpt) || text(postMeta?.meta_description);
      return {
        sourceKey: id || `ghost:${text(post.uuid)}`,
        ...(authorKey && { authorKey }),
        title: titleOf(text(post.title), postProblems),
        description: describe(excerpt, blocks),
        tags: distinct(postTags.filter((tag) => !internal.includes(tag)).map((tag) => text(tag.name).trim())),
        blocks,
        ...(banner && { banner }),
        draft: !published,
        ...(published && isoDate(post.published_at) && { publishedAt: isoDate(post.published_at) }),
        ...(isoDate(post.created_at) && { createdAt: isoDate(post.created_at) }),
        ...(isoDate(post.updated_at) && { updatedAt: isoDate(post.updated_at) }),
        oldPaths: slug ? [`/${slug}/`] : [],
        problems: distinct([...postProblems, ...blockProblems, ...said]),
      };
    }),
    problems,
  };
}
