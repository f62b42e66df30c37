import type { z } from 'zod';
import { blogPath } from '@inkwell/contracts';
import { HttpError } from '../../http-error.ts';
import {
  blogIdOfPath,
  ExportedBlog,
  ExportedProfile,
  ExportedUsers,
  ExportIdentity,
  ExportManifest,
  ExportPaths,
  EXPORT_VERSION,
  withImageUrls,
} from '../exports/index.ts';
import { ARCHIVE_PREFIX, type ImportedAuthor, type ImportedPost, type ReadImport } from './import-bundle.ts';

/*
 * Inkwell's own export (docs/product/data.md, "Inkwell's export format"), read back with the
 * format's schemas (exports/export-format.ts) into the bundle every import becomes: its members
 * as authors, its blogs as posts, exactly (blocks, dates, tags, draft), their images the archive's
 * files. Comments, likes, follows and the rest are the export's to keep, not an import's to write.
 */

const unreadable = () => new HttpError(400, 'import_unreadable');

/** A JSON file checked by a schema: its value, or why it cannot be read. */
function readJson<S extends z.ZodType>(bytes: Buffer, schema: S): { value: z.output<S> } | { reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { reason: 'it is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { reason: `${issue.path.join('.') || 'the file'}: ${issue.message}` };
}

/**
 * Where the export's files start: the zip's root, or the one folder around them all (an export
 * unpacked and zipped again as a folder).
 */
function rootOf(files: Map<string, Buffer>): string {
  if (files.has(ExportPaths.manifest)) return '';
  const roots = [...files.keys()].filter((path) => /^[^/]+\/manifest\.json$/.test(path));
  if (roots.length !== 1) throw new HttpError(400, 'import_format_unknown');
  return roots[0]!.slice(0, -ExportPaths.manifest.length);
}

const authorOf = ({ username, email, fullname, bio }: ExportedProfile): ImportedAuthor => ({
  key: username,
  username,
  email,
  fullname,
  bio,
});

/**
 * The files of an Inkwell export, by their normalised path (unzipped by the archive reader), as an
 * import's bundle. A manifest of another format or version is refused whole (`import_unreadable`);
 * a blog or list that cannot be read is left out and said in the bundle's problems.
 */
export function readInkwellExport(files: Map<string, Buffer>): ReadImport {
  const root = rootOf(files);
  const file = (path: string) => files.get(root + path);

  const identity = readJson(file(ExportPaths.manifest)!, ExportIdentity);
  if (!('value' in identity) || identity.value.version !== EXPORT_VERSION) throw unreadable();
  const manifest = readJson(file(ExportPaths.manifest)!, ExportManifest);
  if (!('value' in manifest)) throw unreadable();

  const problems: string[] = [];
  const authors = readAuthors(manifest.value.scope, file, problems);
  const used = new Map<string, Buffer>();
  const posts: ImportedPost[] = [];
  for (const [path, bytes] of files) {
    if (!path.startsWith(root) || blogIdOfPath(path.slice(root.length)) === null) continue;
    const blog = readJson(bytes, ExportedBlog);
    if ('value' in blog) posts.push(postOf(blog.value, root, files, used));
    else problems.push(`${path} was left out: ${blog.reason}.`);
  }
  return { bundle: { source: 'inkwell', authors, posts, problems }, files: used };
}

function readAuthors(
  scope: ExportManifest['scope'],
  file: (path: string) => Buffer | undefined,
  problems: string[],
): ImportedAuthor[] {
  const [path, schema] =
    scope === 'member'
      ? ([ExportPaths.profile, ExportedProfile.transform((profile) => [profile])] as const)
      : ([ExportPaths.users, ExportedUsers] as const);
  const bytes = file(path);
  if (!bytes) {
    problems.push(`${path} is missing: the posts keep their authors' usernames only.`);
    return [];
  }
  const read = readJson(bytes, schema);
  if ('value' in read) return read.value.map(authorOf);
  problems.push(`${path} could not be read (${read.reason}): the posts keep their authors' usernames only.`);
  return [];
}

/** A blog of the export as a post: its images the archive's files; one the archive lacks is left out, and said. */
function postOf(blog: ExportedBlog, root: string, files: Map<string, Buffer>, used: Map<string, Buffer>): ImportedPost {
  const problems: string[] = [];
  const missing = new Set<string>();
  const archived = (url: string) => {
    if (!url.startsWith(ExportPaths.image(''))) return url;
    const bytes = files.get(root + url);
    if (!bytes) {
      missing.add(url);
      return url;
    }
    used.set(root + url, bytes);
    return `${ARCHIVE_PREFIX}${root}${url}`;
  };
  const blocks = withImageUrls(blog.content.blocks, archived).flatMap((block) => {
    if (block.type === 'image' && missing.has(block.data.file.url)) return [];
    if (block.type === 'link' && block.data.meta.image && missing.has(block.data.meta.image.url)) {
      const { image: _left, ...meta } = block.data.meta;
      return [{ ...block, data: { ...block.data, meta } }];
    }
    return [block];
  });
  const banner = blog.banner ? archived(blog.banner) : undefined;
  for (const url of missing) problems.push(`The image ${url} is not in the archive: it was left out.`);

  let draft = blog.draft;
  if (blog.publishAt) problems.push(`It was scheduled for ${blog.publishAt}: it stays a draft.`);
  if (blog.hiddenReason !== undefined) {
    draft = true;
    problems.push(`The old site's staff had hidden it (${blog.hiddenReason}): it comes in as a draft.`);
  }

  return {
    sourceKey: blog.blog_id,
    authorKey: blog.author,
    title: blog.title,
    description: blog.des,
    tags: blog.tags,
    blocks,
    ...(banner && !missing.has(banner) ? { banner } : {}),
    draft,
    ...(blog.publishedAt ? { publishedAt: blog.publishedAt } : {}),
    createdAt: blog.createdAt,
    updatedAt: blog.updatedAt,
    oldPaths: [blogPath(blog.blog_id)],
    problems,
  };
}
