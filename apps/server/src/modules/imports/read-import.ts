import { ImportLimits } from '@inkwell/contracts';
import { badRequest } from '../../http-error.ts';
import { looksLikeZip, openArchive, type Archive } from './archive.ts';
import { checkPostCount } from './post-fields.ts';
import { readInkwellExport } from './read-inkwell.ts';
import { markdownFiles, readMarkdown } from './read-markdown.ts';
import { mediumPosts, readMedium } from './read-medium.ts';
import type { ReadImport } from './import-bundle.ts';
import { ghostTables, readGhost } from './read-ghost.ts';
import { looksLikeWordPress, readWordPress } from './read-wordpress.ts';

export interface ReadImportOptions {
  /** The old site's address, for the addresses a source writes relative to it (Ghost's `__GHOST_URL__`). */
  siteUrl?: string;
}

const unknownFormat = () => badRequest('import_format_unknown');

/** Text as the sources write it: UTF-8, a byte-order mark dropped. */
const utf8 = (bytes: Buffer) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

/** Whether the archive is an Inkwell export: a `manifest.json` at its root whose `format` says so. */
async function isInkwellExport(archive: Archive): Promise<boolean> {
  if (!archive.has('manifest.json')) return false;
  try {
    const manifest: unknown = JSON.parse(await archive.readText('manifest.json'));
    return (manifest as { format?: unknown } | null)?.format === 'inkwell-export';
  } catch {
    return false;
  }
}

async function readArchive(bytes: Buffer): Promise<ReadImport> {
  const archive = await openArchive(bytes);
  if (await isInkwellExport(archive)) {
    const files = new Map<string, Buffer>();
    for (const path of archive.paths) files.set(path, await archive.read(path));
    const read = readInkwellExport(files);
    checkPostCount(read.bundle.posts.length);
    return read;
  }
  if (mediumPosts(archive).length) return { bundle: await readMedium(archive), files: new Map() };
  if (markdownFiles(archive).length) return readMarkdown(archive);
  throw unknownFormat();
}

/**
 * Reads an uploaded export into an ImportBundle, whatever its name says: the format is told from
 * the bytes. A zip is a Medium export (`posts/*.html`), an Inkwell export (`manifest.json`) or a
 * folder of Markdown files; XML of an RSS channel in WordPress's namespace is a WordPress export;
 * JSON in Ghost's shape is a Ghost export. Refusals (400): `import_too_large`,
 * `import_format_unknown`, `import_unreadable`, `import_archive_unsafe`, `import_too_many_posts`.
 */
export async function readImport(bytes: Buffer, options: ReadImportOptions = {}): Promise<ReadImport> {
  if (bytes.length > ImportLimits.fileMaxBytes) throw badRequest('import_too_large');
  try {
    return await readFormat(bytes, options);
  } catch (error) {
    // Markup nested thousands deep (no exporter writes it) exhausts the parsers' recursion: a file we cannot read.
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw badRequest('import_unreadable');
    throw error;
  }
}

async function readFormat(bytes: Buffer, options: ReadImportOptions): Promise<ReadImport> {
  if (looksLikeZip(bytes)) return readArchive(bytes);
  const text = utf8(bytes).trimStart();
  if (text.startsWith('<') && looksLikeWordPress(text)) return { bundle: readWordPress(text), files: new Map() };
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest('import_unreadable');
    }
    const tables = ghostTables(json);
    if (tables) return { bundle: readGhost(tables, options.siteUrl), files: new Map() };
  }
  throw unknownFormat();
}
