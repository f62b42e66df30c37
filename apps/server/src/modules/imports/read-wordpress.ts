import { escapeHtml } from '@inkwell/contracts';
import { embedTarget } from './embed-links.ts';
import { htmlToBlocks, type BlockOptions } from './html-blocks.ts';
import type { ImportBundle, ImportedAuthor, ImportedPost } from './import-bundle.ts';
import { childrenNamed, childText, parseXml, xmlText, type XmlElement } from './xml-tree.ts';
import { checkPostCount, describe, distinct, isoDate, oldPath, plainText, titleOf } from './post-fields.ts';
import { unreadableImport } from './archive.ts';

/*
 * A WordPress export (WXR 1.2, Tools → Export): an RSS channel whose items are every post, page,
 * attachment and menu item, with WordPress's fields in the `wp:` namespace. Posts become blogs;
 * attachments give the images posts name by id (the featured image, galleries); the rest is said.
 */

/** Whether the text looks like a WordPress export (an RSS document using WordPress's namespace). */
export const looksLikeWordPress = (text: string) => {
  const head = text.slice(0, 64 * 1024);
  return /<rss[\s>]/.test(head) && (head.includes('wordpress.org/export') || head.includes('<wp:'));
};

const STATUS_DRAFT = new Set(['draft', 'pending', 'private', 'future']);

interface Item {
  element: XmlElement;
  id: string;
  type: string;
  parent: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** WordPress's shortcode attributes: `name="value"`, `name='value'`, `name=value`. */
function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, a, b, c] of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/g))
    attributes[name!.toLowerCase()] = a ?? b ?? c ?? '';
  return attributes;
}

/**
 * The post's text as HTML the block converter reads: WordPress's shortcodes of images, captions,
 * galleries, code and embeds become the HTML they stand for; any other shortcode is taken out
 * (an enclosing one keeps its text) and said; a known player's address alone on its line becomes
 * its own paragraph, which the converter embeds (WordPress's auto-embeds).
 */
function expandShortcodes(content: string, images: (ids: string[]) => string[], problems: Set<string>): string {
  const figure = (image: string, caption: string) =>
    `\n\n<figure>${image}<figcaption>${caption.trim()}</figcaption></figure>\n\n`;
  return (
    content
      .replace(
        /\[(?:wp_)?caption([^\]]*)\]([\s\S]*?)\[\/(?:wp_)?caption\]/g,
        (_, attributes: string, inner: string) => {
          const image = /^\s*(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(inner)?.[0] ?? '';
          return figure(image, inner.slice(image.length) || escapeHtml(shortcodeAttributes(attributes).caption ?? ''));
        },
      )
      .replace(/\[gallery([^\]]*)\]/g, (_, attributes: string) => {
        const ids = (shortcodeAttributes(attributes).ids ?? '').split(',').map((id) => id.trim());
        const urls = images(ids.filter(Boolean));
        return `\n\n<figure>${urls.map((url) => `<img src="${escapeHtml(url)}" alt="">`).join('')}</figure>\n\n`;
      })
      .replace(/\[(code|sourcecode)([^\]]*)\]([\s\S]*?)\[\/\1\]/g, (_, __, attributes: string, code: string) => {
        const { language, lang } = shortcodeAttributes(attributes);
        const name = language ?? lang;
        return `\n\n<pre><code${name ? ` class="language-${escapeHtml(name)}"` : ''}>${escapeHtml(code.replace(/^\n/, ''))}</code></pre>\n\n`;
      })
      .replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/g, (_, url: string) => {
        const address = escapeHtml(url.trim());
        return `\n\n<p><a href="${address}">${address}</a></p>\n\n`;
      })
      // Jetpack's [youtube URL], [youtube=URL], [vimeo ID].
      .replace(/\[(youtube|vimeo)[=\s]([^\]]+)\]/g, (match, service: string, value: string) => {
        const address = /^\d+$/.test(value.trim()) ? `https://vimeo.com/${value.trim()}` : value.trim();
        if (!embedTarget(address)) return match;
        return `\n\n${address}\n\n`;
      })
      .replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gm, (line, url: string) =>
        embedTarget(url) ? `\n\n${url}\n\n` : line,
      )
      .replace(
        /(?<!\[)\[([a-z][\w-]*)(\s[^\]]*)?\]([\s\S]*?)\[\/\1\](?!\])/gi,
        (_, name: string, __, inner: string) => {
          problems.add(`The shortcode [${name}] was taken out (its text kept): only WordPress runs it.`);
          return inner;
        },
      )
      .replace(/(?<!\[)\[([a-z][\w-]*)(?:=|\s+[^\]]*=)[^\]]*\](?!\])/gi, (_, name: string) => {
        problems.add(`The shortcode [${name}] was left out: only WordPress runs it.`);
        return '';
      })
      // [[name]] is WordPress's way to write a shortcode's brackets as text.
      .replace(/\[\[([a-z][\w-]*[^\]]*)\]\]/gi, '[$1]')
  );
}

function authorOf(element: XmlElement): ImportedAuthor | null {
  const login = childText(element, 'wp:author_login').trim();
  if (!login) return null;
  const email = childText(element, 'wp:author_email').trim();
  const fullname = childText(element, 'wp:author_display_name').trim();
  return { key: login, username: login, ...(email && { email }), ...(fullname && { fullname }) };
}

/** Reads a WordPress export: its posts, their authors, and what was left out. */
export function readWordPress(text: string): ImportBundle {
  const rss = parseXml(text);
  const channel = rss.name === 'rss' ? childrenNamed(rss, 'channel')[0] : undefined;
  if (!channel) throw unreadableImport();
  const base = (childText(channel, 'wp:base_blog_url') || childText(channel, 'link')).trim();
  const absolute = (address: string): string | null => {
    try {
      return new URL(address.trim(), base || undefined).href;
    } catch {
      return null;
    }
  };

  const authors = childrenNamed(channel, 'wp:author')
    .map(authorOf)
    .filter((author): author is ImportedAuthor => author !== null);
  const items: Item[] = childrenNamed(channel, 'item').map((element) => ({
    element,
    id: childText(element, 'wp:post_id').trim(),
    type: childText(element, 'wp:post_type').trim(),
    parent: childText(element, 'wp:post_parent').trim(),
  }));
  const attachmentUrl = new Map(
    items
      .filter((item) => item.type === 'attachment')
      .map((item) => [item.id, childText(item.element, 'wp:attachment_url').trim()]),
  );

  checkPostCount(items.filter((item) => item.type === 'post').length);
  const problems: string[] = [];
  const skipped = new Map<string, number>();
  const posts: ImportedPost[] = [];
  let comments = 0;
  for (const item of items) {
    if (item.type !== 'post') {
      skipped.set(item.type || 'unknown', (skipped.get(item.type || 'unknown') ?? 0) + 1);
      continue;
    }
    const status = childText(item.element, 'wp:status').trim();
    if (status !== 'publish' && !STATUS_DRAFT.has(status)) {
      const kind = status === 'trash' ? 'trash' : `${status || 'unknown'} post`;
      skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
      continue;
    }
    comments += childrenNamed(item.element, 'wp:comment').length;
    posts.push(readPost(item, { status, attachmentUrl, items, absolute }));
  }

  const SKIPPED_NAMES: Record<string, [string, string]> = {
    page: ['page', 'pages'],
    attachment: ['media library entry', 'media library entries'],
    nav_menu_item: ['menu item', 'menu items'],
    trash: ['post in the trash', 'posts in the trash'],
  };
  for (const [type, n] of skipped) {
    const [one, many] = SKIPPED_NAMES[type] ?? [`item of type "${type}"`, `items of type "${type}"`];
    problems.push(
      type === 'attachment'
        ? `${count(n, `${one} was`, `${many} were`)} not imported as posts: the images posts show come with their posts.`
        : `${count(n, `${one} was`, `${many} were`)} left out: only posts are imported.`,
    );
  }
  if (comments) problems.push(`${count(comments, 'comment was', 'comments were')} not imported.`);
  return { source: 'wordpress', authors, posts, problems };
}

interface PostContext {
  status: string;
  attachmentUrl: Map<string, string>;
  items: Item[];
  absolute: (address: string) => string | null;
}

function readPost(item: Item, { status, attachmentUrl, items, absolute }: PostContext): ImportedPost {
  const { element } = item;
  const problems = new Set<string>();
  const galleryImages = (ids: string[]) =>
    (ids.length
      ? ids
      : items.filter((other) => other.type === 'attachment' && other.parent === item.id).map((other) => other.id)
    )
      .map((id) => attachmentUrl.get(id))
      .filter((url): url is string => Boolean(url));
  const options: BlockOptions = {
    autop: true,
    link: absolute,
    image: (src) => {
      const url = src.startsWith('data:') ? null : absolute(src);
      return url && /^https?:/.test(url)
        ? url
        : { problem: `An image that is not a web address (${src.slice(0, 80)}) was left out.` };
    },
  };
  const content = expandShortcodes(childText(element, 'content:encoded'), galleryImages, problems);
  const { blocks, problems: blockProblems } = htmlToBlocks(content, options);

  const categories = childrenNamed(element, 'category');
  const terms = (domain: string) =>
    categories
      .filter((category) => category.attributes.domain === domain && category.attributes.nicename !== 'uncategorized')
      .map((category) => plainText(xmlText(category)));
  const meta = new Map(
    childrenNamed(element, 'wp:postmeta').map((entry) => [
      childText(entry, 'wp:meta_key').trim(),
      childText(entry, 'wp:meta_value').trim(),
    ]),
  );
  const thumbnail = attachmentUrl.get(meta.get('_thumbnail_id') ?? '');
  const banner = thumbnail ? absolute(thumbnail) : null;

  const draft = status !== 'publish';
  const postProblems = [...problems, ...blockProblems];
  if (status === 'future') postProblems.push('It was scheduled: it is imported as a draft.');
  if (status === 'private') postProblems.push('It was private: it is imported as a draft.');
  if (childText(element, 'wp:post_password').trim())
    postProblems.push(
      draft ? 'It had a password, which is not kept.' : 'It had a password: it is imported as a draft.',
    );
  const date = isoDate(childText(element, 'wp:post_date_gmt')) ?? isoDate(childText(element, 'wp:post_date'));
  const guid = childText(element, 'guid').trim();
  const link = childText(element, 'link').trim();
  const title = titleOf(plainText(childText(element, 'title')), postProblems);

  return {
    sourceKey: guid || `wordpress:${item.id}`,
    ...(childText(element, 'dc:creator').trim() && { authorKey: childText(element, 'dc:creator').trim() }),
    title,
    description: describe(childText(element, 'excerpt:encoded'), blocks),
    tags: distinct([...terms('post_tag'), ...terms('category')]),
    blocks,
    ...(banner && { banner }),
    draft: draft || Boolean(childText(element, 'wp:post_password').trim()),
    ...(!draft && date && { publishedAt: date }),
    ...(date && { createdAt: date }),
    ...((isoDate(childText(element, 'wp:post_modified_gmt')) ?? date) && {
      updatedAt: isoDate(childText(element, 'wp:post_modified_gmt')) ?? date,
    }),
    oldPaths: distinct([oldPath(link), item.id ? `/?p=${item.id}` : undefined]),
    problems: postProblems,
  };
}
