import { IMPORT_FILE_MAX_MB } from './imports.ts';

/**
 * The bounds of what an import reads (docs/product/rules.md, "Importing"): an upload larger, an
 * archive that unpacks past them, or a source with more posts is refused whole, before anything is
 * written. They bound a zip bomb by what it unpacks to, not by what it claims.
 */
export const ImportLimits = {
  /** The uploaded file: a WXR or Ghost file, or a zip (Medium, Markdown, an Inkwell export). */
  fileMaxBytes: IMPORT_FILE_MAX_MB * 1024 * 1024,
  /** Entries in a zip. */
  archiveEntriesMax: 20_000,
  /** Bytes a zip unpacks to, all entries together, counted as they are inflated. */
  archiveUnpackedMaxBytes: 512 * 1024 * 1024,
  /** An entry unpacking to more than this many times its packed size is a bomb, not a file. */
  archiveRatioMax: 200,
  /** Posts in one import. */
  postsMax: 5_000,
} as const;
