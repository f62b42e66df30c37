import { posix } from 'node:path';
import type { Root as HastRoot } from 'hast';
import { raw } from 'hast-util-raw';
import type { Heading, Nodes, PhrasingContent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { Archive } from './archive.ts';
import { hastToBlocks } from './html-blocks.ts';
import { ARCHIVE_PREFIX, type ImportBundle, type ImportedPost, type ReadImport } from './import-bundle.ts';
import { checkPostCount, describe, distinct, isoDate, oldPath, titleOf } from './post-fields.ts';

/*
 * A folder of Markdown files, zipped: Jekyll's `_posts`, Hugo's `content`, an Obsidian vault. Each
 * file is a post; its front matter (YAML between `---`, or Hugo's TOML between `+++`) gives the
 * fields; its text is read as GitHub Markdown (tables, task lists, footnotes, fenced code) with the
 * HTML it holds, and goes through the same converter as the HTML sources. Images beside the files
 * are taken from the archive.
 */

/** The Markdown files of an archive, but those in hidden folders (`.obsidian/`, `.git/`) and Hugo's section pages. */
export const markdownFiles = (archive: Archive) =>
  archive.paths.filter(
    (path) =>
      /\.(md|markdown)$/i.test(path) &&
      !path.split('/').some((segment) => segment.startsWith('.')) &&
      !/(^|\/)_index\.(md|markdown)$/i.test(path),
  );

type FrontMatter = Record<string, unknown>;

/**
 * The front matter and the text after it. YAML is read by `yaml` with its safe defaults (no tag
 * runs code, aliases are bounded), never by a reader that evaluates JavaScript front matter.
 */
function splitFrontMatter(text: string, problems: string[]): { fields: FrontMatter; body: string } {
  const match = /^(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.|\+\+\+)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { fields: {}, body: text };
  const body = text.slice(match[0].length);
  try {
    const fields: unknown = match[1] === '+++' ? parseToml(match[2]!) : parseYaml(match[2]!);
    if (fields !== null && typeof fields === 'object' && !Array.isArray(fields))
      return { fields: fields as FrontMatter, body };
    if (fields === null) return { fields: {}, body };
  } catch {
    // Said below, and the text read without it.
  }
  problems.push('Its front matter could not be read, and was ignored.');
  return { fields: {}, body };
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() || undefined : typeof value === 'number' ? String(value) : undefined;
const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(strings)
    : typeof value === 'string'
      ? value.split(/,\s*/).map((s) => s.trim())
      : [];
const dateOf = (value: unknown) => (value instanceof Date ? isoDate(value) : isoDate(str(value)));

/** Jekyll's and Liquid's and Hugo's template syntax that Markdown itself would show as text. */
function expandTemplates(text: string, problems: Set<string>): string {
  return text
    .replace(
      /\{%-?\s*highlight\s+([\w+#-]+)[^%]*%\}\r?\n?([\s\S]*?)\{%-?\s*endhighlight\s*-?%\}/g,
      (_, language: string, code: string) => `\n\`\`\`\`${language}\n${code.replace(/\n$/, '')}\n\`\`\`\`\n`,
    )
    .replace(/\{%-?\s*(?:raw|endraw)\s*-?%\}/g, '')
    .replace(/\{\{-?\s*site\.(?:baseurl|url)\s*-?\}\}/g, '')
    .replace(/\{\{-?\s*["']([^"']+)["']\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}/g, '$1')
    .replace(/\{\{[<%]\s*(youtube|vimeo)\s+(?:id=)?["']?([\w-]+)["']?\s*[%>]\}\}/g, (_, service: string, id: string) =>
      service === 'youtube' ? `\n\nhttps://www.youtube.com/watch?v=${id}\n\n` : `\n\nhttps://vimeo.com/${id}\n\n`,
    )
    .replace(/\{\{[<%]\s*figure\s+([^>%]*)[%>]\}\}/g, (_, attributes: string) => {
      const attribute = (name: string) => new RegExp(`${name}=["']([^"']*)["']`).exec(attributes)?.[1] ?? '';
      const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      return `\n\n<figure><img src="${escape(attribute('src'))}" alt="${escape(attribute('alt'))}"><figcaption>${escape(attribute('caption'))}</figcaption></figure>\n\n`;
    })
    .replace(
      /\{\{[<%]\s*([\w-]+)[^>%]*[%>]\}\}([\s\S]*?)\{\{[<%]\s*\/\1\s*[%>]\}\}/g,
      (_, name: string, inner: string) => {
        problems.add(`The shortcode {{< ${name} >}} was taken out (its text kept): only Hugo runs it.`);
        return inner;
      },
    )
    .replace(/\{\{[<%]\s*([\w-]+)[^}]*[%>]\}\}/g, (_, name: string) => {
      problems.add(`The shortcode {{< ${name} >}} was left out: only Hugo runs it.`);
      return '';
    })
    .replace(/\{%-?\s*(\w+)[^%]*-?%\}/g, (_, name: string) => {
      problems.add(`The Liquid tag {% ${name} %} was left out: only Jekyll runs it.`);
      return '';
    });
}

/** Obsidian's `![[picture.png]]` (an image) and `[[Other note|its words]]` (a link to a note: its words kept) in a text. */
function wikiLinks(value: string): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(/(!?)\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g)) {
    if (match.index > last) nodes.push({ type: 'text', value: value.slice(last, match.index) });
    const [, bang, target = '', label] = match;
    if (bang) nodes.push({ type: 'image', url: target.trim(), alt: label && !/^\d+(x\d+)?$/.test(label) ? label : '' });
    else nodes.push({ type: 'text', value: (label ?? target).trim() });
    last = match.index + match[0].length;
  }
  if (last < value.length) nodes.push({ type: 'text', value: value.slice(last) });
  return nodes;
}

function replaceWikiLinks(node: Nodes) {
  // Code has no children: its text is never read for links.
  if (!('children' in node)) return;
  const children = node.children as Nodes[];
  node.children = children.flatMap((child) =>
    child.type === 'text' && child.value.includes('[[') ? wikiLinks(child.value) : [child],
  ) as typeof node.children;
  for (const child of node.children as Nodes[]) replaceWikiLinks(child);
}

const phrasingText = (nodes: PhrasingContent[]): string =>
  nodes
    .map((child) => ('value' in child ? child.value : 'children' in child ? phrasingText(child.children) : ''))
    .join('');
const headingText = (heading: Heading) => phrasingText(heading.children);

/** Where an image a file names is in the archive, or null: relative to the file, from a site's root, or (Obsidian) by its name alone. */
function findImage(archive: Archive, file: string, src: string): string | null {
  let address: string;
  try {
    address = decodeURI(src.replace(/[?#].*$/, '')).trim();
  } catch {
    return null;
  }
  if (!address) return null;
  const folder = posix.dirname(file);
  const candidates: string[] = [];
  if (address.startsWith('/')) {
    const ancestors = folder.split('/').map((_, index, all) => all.slice(0, all.length - index).join('/'));
    for (const root of [...(folder === '.' ? [] : ancestors), '']) {
      const base = root === '.' ? '' : root;
      candidates.push(posix.join(base, address), posix.join(base, 'static', address));
    }
  } else candidates.push(posix.join(folder, address));
  const inside = candidates.map((path) => path.replace(/^\/+/, '')).filter((path) => !path.startsWith('..'));
  const found = inside.find((path) => archive.has(path));
  if (found) return found;
  const name = posix.basename(address);
  return archive.paths.find((path) => posix.basename(path) === name) ?? null;
}

/** The old site's addresses of a file: its front matter's aliases and permalink, Jekyll's dated path, Hugo's section path. */
function addressesOf(path: string, fields: FrontMatter, slug: string | undefined): (string | null | undefined)[] {
  const jekyll = /(?:^|\/)_posts\/(?:.*\/)?(\d{4})-(\d{2})-(\d{2})-([^/]+)\.(?:md|markdown)$/i.exec(path);
  const hugo = /(?:^|\/)content\/(.+?)(?:\/index)?\.(?:md|markdown)$/i.exec(path);
  const given = [...strings(fields.aliases), ...strings(fields.redirect_from), str(fields.permalink), str(fields.url)];
  const withSlash = (value: string) => (value.startsWith('/') || /^https?:/.test(value) ? value : `/${value}`);
  return [
    ...given.map((value) => (value ? oldPath(withSlash(value)) : undefined)),
    jekyll && `/${jekyll[1]}/${jekyll[2]}/${jekyll[3]}/${slug ?? jekyll[4]}.html`,
    hugo &&
      `/${posix.dirname(hugo[1]!) === '.' ? '' : `${posix.dirname(hugo[1]!)}/`}${slug ?? posix.basename(hugo[1]!)}/`,
    !jekyll && !hugo && !str(fields.permalink) && !str(fields.url) && slug ? `/${slug}/` : undefined,
  ];
}

function readFile(archive: Archive, path: string, text: string, images: Set<string>): ImportedPost {
  const problems: string[] = [];
  const said = new Set<string>();
  const { fields, body } = splitFrontMatter(text.replace(/^\uFEFF/, ''), problems);
  const tree: Root = fromMarkdown(expandTemplates(body, said), {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  replaceWikiLinks(tree);

  let title = str(fields.title);
  const first = tree.children.find((node) => node.type !== 'html' || node.value.trim());
  if (!title && first?.type === 'heading' && first.depth === 1) {
    title = headingText(first).trim();
    tree.children = tree.children.filter((node) => node !== first);
  }
  const fileName = posix.basename(path).replace(/\.(md|markdown)$/i, '');
  const jekyll = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(fileName);
  const name = posix.basename(path).match(/^index\./i)
    ? posix.basename(posix.dirname(path))
    : (jekyll?.[2] ?? fileName);

  const resolve = (src: string): string | { problem: string } => {
    if (/^https?:\/\//i.test(src)) return src;
    if (/^[a-z][a-z0-9+.-]*:/i.test(src))
      return { problem: `An image that is not a web address (${src.slice(0, 80)}) was left out.` };
    const found = findImage(archive, path, src);
    if (!found) return { problem: `The image ${src} is not in the archive, and was left out.` };
    images.add(found);
    return `${ARCHIVE_PREFIX}${found}`;
  };
  const hast = raw(toHast(tree, { allowDangerousHtml: true }) as HastRoot) as HastRoot;
  const { blocks, problems: blockProblems } = hastToBlocks(hast, {
    image: resolve,
    // A link to another file of the folder means nothing once the posts are blogs: its words stay.
    link: (href) => (/^(https?|mailto):/i.test(href) ? href : null),
  });

  const bannerField = fields.image ?? fields.cover ?? fields.feature_image ?? fields.banner ?? fields.featured_image;
  const bannerSrc =
    str(bannerField) ??
    (bannerField && typeof bannerField === 'object'
      ? str((bannerField as FrontMatter).image ?? (bannerField as FrontMatter).src ?? (bannerField as FrontMatter).path)
      : undefined);
  const banner = bannerSrc ? resolve(bannerSrc) : undefined;
  if (typeof banner === 'object') problems.push(banner.problem.replace(/^The image/, 'The banner'));

  const published = fields.published;
  const draft =
    fields.draft === true ||
    published === false ||
    str(fields.status) === 'draft' ||
    path.split('/').includes('_drafts');
  const date =
    dateOf(fields.date) ??
    dateOf(fields.publishDate) ??
    dateOf(fields.pubDate) ??
    dateOf(typeof published === 'boolean' ? undefined : published) ??
    (jekyll ? isoDate(jekyll[1]) : undefined);
  const updated =
    dateOf(fields.lastmod) ?? dateOf(fields.updated) ?? dateOf(fields.modified) ?? dateOf(fields.last_modified_at);
  const slug = str(fields.slug);

  return {
    sourceKey: path,
    title: titleOf(title ?? name, problems),
    description: describe(
      str(fields.description) ?? str(fields.summary) ?? str(fields.excerpt) ?? str(fields.subtitle),
      blocks,
    ),
    tags: distinct([...strings(fields.tags), ...strings(fields.categories), ...strings(fields.category)]),
    blocks,
    ...(typeof banner === 'string' && { banner }),
    draft,
    ...(!draft && date && { publishedAt: date }),
    ...(date && { createdAt: date }),
    ...((updated ?? date) && { updatedAt: updated ?? date }),
    oldPaths: distinct(addressesOf(path, fields, slug)),
    problems: [...problems, ...said, ...blockProblems],
  };
}

/** Reads a zip of Markdown files: a post per file, and the archive's images they show. */
export async function readMarkdown(archive: Archive): Promise<ReadImport> {
  const paths = markdownFiles(archive);
  checkPostCount(paths.length);
  const images = new Set<string>();
  const posts: ImportedPost[] = [];
  for (const path of paths) posts.push(readFile(archive, path, await archive.readText(path), images));
  const files = new Map<string, Buffer>();
  for (const image of images) files.set(image, await archive.read(image));
  const bundle: ImportBundle = { source: 'markdown', authors: [], posts, problems: [] };
  return { bundle, files };
}
