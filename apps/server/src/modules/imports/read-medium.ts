import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import type { Archive } from './archive.ts';
import { hastToBlocks, textOf } from './html-blocks.ts';
import type { ImportBundle, ImportedAuthor, ImportedPost } from './import-bundle.ts';
import { checkPostCount, describe, distinct, isoDate, oldPath, titleOf } from './post-fields.ts';

/*
 * A Medium export (Settings → Download your information): a zip whose `posts/` folder holds one
 * HTML page per post, drafts named `draft_…`. Each page marks its parts with microformats (the
 * title `p-name`, `dt-published`, `p-canonical`, `p-author`) and its body with Medium's own
 * classes (`graf--p`, `graf--figure`, `graf--pre`…), which the block converter reads as HTML.
 */

/** The post pages of a Medium export, in the archive's order. */
export const mediumPosts = (archive: Archive) => archive.paths.filter((path) => /(^|\/)posts\/[^/]+\.html$/.test(path));

const words = (element: Element | undefined) => (element ? textOf(element).replace(/\s+/g, ' ').trim() : '');

/** Medium's post ids: the hex at the end of a page's name or its address (`my-post-1a2b3c4d5e6f`). */
const postId = (value: string) => /-([0-9a-f]{8,16})(?:\.html)?$/.exec(value)?.[1];

/**
 * The body as the author wrote it: the title Medium repeats at its top and the subtitle it
 * repeats under it taken out, and the divider Medium draws above its first section too; the
 * other sections' dividers are the ones the author put, kept as delimiters.
 */
function authoredBody(body: Element, title: string, subtitle: string): Root {
  const dividers = selectAll('hr.section-divider', body);
  const dropped = new Set<Element>([
    ...(dividers[0] ? [dividers[0]] : []),
    ...selectAll('.graf--title', body).filter((graf) => words(graf) === title),
    ...selectAll('.graf--subtitle', body).filter((graf) => subtitle && words(graf) === subtitle),
  ]);
  const prune = (element: Element): Element => ({
    ...element,
    children: element.children
      .filter((child) => !(child.type === 'element' && dropped.has(child)))
      .map((child) => (child.type === 'element' ? prune(child) : child)),
  });
  return { type: 'root', children: prune(body).children };
}

function readPage(path: string, html: string, authors: Map<string, ImportedAuthor>): ImportedPost {
  const page = fromHtml(html);
  const problems: string[] = [];
  const fileName = path.split('/').at(-1)!;
  const title = words(select('h1.p-name', page) ?? select('.p-name', page) ?? select('title', page));
  const subtitleElement = select('section[data-field="subtitle"]', page);
  const subtitle = words(subtitleElement);
  const body = select('section[data-field="body"]', page);
  const { blocks, problems: blockProblems } = body
    ? hastToBlocks(authoredBody(body, title, subtitle), {
        image: (src) =>
          /^https?:\/\//.test(src)
            ? src
            : { problem: `An image that is not a web address (${src.slice(0, 80)}) was left out.` },
      })
    : { blocks: [], problems: [] };

  const author = select('a.p-author', page);
  const profile = author ? String(author.properties.href ?? '') : '';
  const username = /\/(@[^/?#]+)/.exec(profile)?.[1];
  if (author && username && !authors.has(username))
    authors.set(username, { key: username, username: username.slice(1), fullname: words(author) });
  const canonical = String(select('a.p-canonical', page)?.properties.href ?? '');
  const id = postId(canonical) ?? postId(fileName);
  const published = select('time.dt-published', page);
  const draft = fileName.startsWith('draft_') || !published;
  const date = isoDate(published?.properties.dateTime);

  return {
    sourceKey: canonical || path,
    ...(username && { authorKey: username }),
    title: titleOf(title || fileName.replace(/\.html$/, ''), problems),
    description: describe(subtitle, blocks),
    tags: [],
    blocks,
    draft,
    ...(!draft && date && { publishedAt: date, createdAt: date }),
    oldPaths: distinct([oldPath(canonical), id ? `/p/${id}` : undefined]),
    problems: [...problems, ...blockProblems],
  };
}

/** Reads a Medium export's posts (their images stay on Medium's servers, fetched by the job). */
export async function readMedium(archive: Archive): Promise<ImportBundle> {
  const paths = mediumPosts(archive);
  checkPostCount(paths.length);
  const authors = new Map<string, ImportedAuthor>();
  const posts: ImportedPost[] = [];
  for (const path of paths) posts.push(readPage(path, await archive.readText(path), authors));
  return { source: 'medium', authors: [...authors.values()], posts, problems: [] };
}
