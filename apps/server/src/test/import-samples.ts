import { readdirSync, readFileSync, statSync } from 'node:fs';
import { EditorOutput, type ContentBlock, type ListItem } from '@inkwell/contracts';
import { expect } from 'vitest';
import yazl from 'yazl';
import { cleanEditorOutput } from '../modules/content/index.ts';
import { ARCHIVE_PREFIX, type ImportedPost } from '../modules/imports/import-bundle.ts';

/** The hand-written exports the import readers are tested on (modules/imports/samples). */
export const SAMPLES = new URL('../modules/imports/samples/', import.meta.url);

export const sample = (name: string): Buffer => readFileSync(new URL(name, SAMPLES));

export interface ZipEntry {
  name: string;
  data: string | Buffer;
  /** The entry's Unix mode (a symbolic link is 0o120777). */
  mode?: number;
}

/** A zip of the entries, written by yazl (deflated, as the exporters write them). */
export function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, data, mode } of entries) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name, { mtime: new Date(0) });
    else
      zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name, {
        mtime: new Date(0),
        ...(mode && { mode }),
      });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every file under a sample folder, by its path inside it (under `prefix`). */
export function folderEntries(folder: string, prefix = ''): ZipEntry[] {
  const root = new URL(`${folder}/`, SAMPLES);
  const walk = (relative: string): ZipEntry[] =>
    readdirSync(new URL(relative, root)).flatMap((name) => {
      const path = `${relative}${name}`;
      return statSync(new URL(path, root)).isDirectory()
        ? walk(`${path}/`)
        : [{ name: `${prefix}${path}`, data: readFileSync(new URL(path, root)) }];
    });
  return walk('');
}

/** The bytes with every occurrence of one string replaced by another of the same length (a name yazl would refuse to write). */
export function patchBytes(bytes: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('A patch keeps the length');
  const copy = Buffer.from(bytes);
  let at = copy.indexOf(from);
  while (at !== -1) {
    copy.write(to, at);
    at = copy.indexOf(from, at + 1);
  }
  return copy;
}

/** Each block's type, in order. */
export const types = (post: Pick<ImportedPost, 'blocks'>) => post.blocks.map((block) => block.type);

/** A list's items as plain nested arrays of their contents: `['a', ['a1', 'a2'], 'b']`. */
export function listShape(block: ContentBlock | undefined): unknown[] {
  if (block?.type !== 'list') throw new Error(`Not a list: ${block?.type}`);
  const shape = (items: (string | ListItem)[]): unknown[] =>
    items.flatMap((item) =>
      typeof item === 'string' ? [item] : [item.content, ...(item.items.length ? [shape(item.items)] : [])],
    );
  return shape(block.data.items);
}

/** The first block of a type (with its data typed). */
export function blockOf<T extends ContentBlock['type']>(
  post: Pick<ImportedPost, 'blocks'>,
  type: T,
  index = 0,
): Extract<ContentBlock, { type: T }> {
  const found = post.blocks.filter((block): block is Extract<ContentBlock, { type: T }> => block.type === type)[index];
  if (!found) throw new Error(`No ${type} block number ${index}`);
  return found;
}

/** An image of the archive as the job stores it: an uploaded image's address, in place of `archive:<path>`. */
const uploaded = (block: ContentBlock): ContentBlock =>
  block.type === 'image' && block.data.file.url.startsWith(ARCHIVE_PREFIX)
    ? {
        ...block,
        data: {
          ...block.data,
          file: {
            ...block.data.file,
            url: `https://uploads.example/${encodeURI(block.data.file.url.slice(ARCHIVE_PREFIX.length))}`,
          },
        },
      }
    : block;

/**
 * The blocks are what a save stores once the job has put its images in place: the contracts'
 * schema takes them, and the server's cleaning (content-blocks.ts) refuses none and changes none.
 */
export function expectStorable(blocks: ContentBlock[]) {
  const stored = blocks.map(uploaded);
  const parsed = EditorOutput.parse({ blocks: stored });
  expect(cleanEditorOutput(parsed).blocks).toEqual(stored);
}
