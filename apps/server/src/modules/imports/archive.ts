import { ImportLimits } from '@inkwell/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest } from '../../http-error.ts';

declare module 'yauzl' {
  /** yauzl 3 decodes a name as it would itself (UTF-8 flag, Info-ZIP's Unicode path, else CP437); the types are of yauzl 2. */
  export function getFileNameLowLevel(
    generalPurposeBitFlag: number,
    fileNameBuffer: Buffer,
    extraFields: Entry['extraFields'],
    strictFileNames: boolean,
  ): string;
  interface Entry {
    fileNameRaw: Buffer;
  }
}

/** The bounds an archive is read within (ImportLimits; tests pass smaller ones). */
export interface ArchiveLimits {
  archiveEntriesMax: number;
  archiveUnpackedMaxBytes: number;
  archiveRatioMax: number;
}

/**
 * An entry may unpack to this much before its ratio is judged: a few kilobytes of one repeated
 * character are a file, not a bomb, and a bomb shows its ratio long before it matters.
 */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const ENCRYPTED = 0x1;

export const unsafeArchive = () => badRequest('import_archive_unsafe');
export const unreadableImport = () => badRequest('import_unreadable');

/** A zip opened for reading: its files by normalised path; each read counts against the whole archive's budget. */
export interface Archive {
  /** Every file's path (folders, and macOS's resource forks, left out), in the archive's order. */
  paths: string[];
  has(path: string): boolean;
  read(path: string): Promise<Buffer>;
  readText(path: string): Promise<string>;
}

/**
 * A file's path as a zip names it, made relative and plain (`./a//b` → `a/b`), or null when the
 * name could reach outside the archive or confuse a file system: absolute, a drive letter, a `..`
 * segment, a backslash (a separator on Windows) or a NUL.
 */
export function archivePath(name: string): string | null {
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[a-z]:/i.test(name)) return null;
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return null;
  return segments.join('/');
}

const isResourceFork = (path: string) =>
  path.startsWith('__MACOSX/') || (path.split('/').at(-1) ?? '').startsWith('._');

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      // Names are checked here, not by yauzl (its refusal would be an unreadable file, not an unsafe one);
      // sizes are counted while inflating, whatever the headers claim.
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: false },
      (error, zip) => (error || !zip ? reject(unreadableImport()) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, each checked before anything is inflated. */
function listEntries(zip: ZipFile, limits: ArchiveLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.archiveEntriesMax) return reject(unsafeArchive());
    const files = new Map<string, Entry>();
    zip.on('error', () => reject(unreadableImport()));
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: Entry) => {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      const path = archivePath(name);
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (path === null || mode === S_IFLNK || entry.generalPurposeBitFlag & ENCRYPTED) {
        zip.close();
        return reject(unsafeArchive());
      }
      if (!name.endsWith('/') && path && !isResourceFork(path) && !files.has(path)) files.set(path, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * Opens a zip upload: `import_unreadable` when it is not one, `import_archive_unsafe` when it
 * has too many entries or one whose name, kind (a symbolic link) or encryption we refuse. Reads
 * then inflate one file each, counting the bytes as they come and stopping at once past the
 * archive's total or the entry's ratio.
 */
export async function openArchive(bytes: Buffer, limits: ArchiveLimits = ImportLimits): Promise<Archive> {
  const zip = await openZip(bytes);
  const entries = await listEntries(zip, limits);
  let unpacked = 0;

  const read = (path: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const entry = entries.get(path);
      if (!entry) return reject(new Error(`No file ${path} in the archive`));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(unreadableImport());
        const chunks: Buffer[] = [];
        let size = 0;
        const ratioMax = Math.max(RATIO_FLOOR_BYTES, limits.archiveRatioMax * Math.max(1, entry.compressedSize));
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          unpacked += chunk.length;
          if (size > ratioMax || unpacked > limits.archiveUnpackedMaxBytes) {
            stream.destroy();
            reject(unsafeArchive());
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', () => reject(unreadableImport()));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });

  return {
    paths: [...entries.keys()],
    has: (path) => entries.has(path),
    read,
    readText: async (path) => new TextDecoder().decode(await read(path)),
  };
}

/** Whether the bytes start like a zip (a local file header, or the end record of an empty one). */
export const looksLikeZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
