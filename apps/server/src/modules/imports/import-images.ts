import { HttpError } from '../../http-error.ts';
import { importImage, storeImage, type UploadDeps } from '../uploads/index.ts';
import { ARCHIVE_PREFIX, type ImageRef, type ImportedPost } from './import-bundle.ts';
import { findImportFile } from './imports.repository.ts';

/** Images of one post copied at once: the fetcher waits on other servers, and sharp has cores to use. */
const AT_ONCE = 4;
/**
 * How long a post's images may take in all; those not started by then are left out and reported. It
 * keeps a post with hundreds of slow images well inside its job's lease (imports.jobs.ts).
 */
export const IMAGES_BUDGET_MS = 10 * 60_000;
const SHOWN_MAX = 200;

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

export interface CopiedImages {
  /** By the reference the post used. */
  stored: Map<ImageRef, StoredImage>;
  problems: string[];
}

/** The images a post names, each once: its banner and its image blocks. */
export function imageRefs(post: ImportedPost): ImageRef[] {
  const refs = post.blocks.flatMap((block) => (block.type === 'image' ? [block.data.file.url] : []));
  return [...new Set(post.banner ? [post.banner, ...refs] : refs)];
}

const shown = (ref: ImageRef) => (ref.length > SHOWN_MAX ? `${ref.slice(0, SHOWN_MAX)}…` : ref);

export interface CopyContext {
  deps: UploadDeps;
  /** Who the stored images belong to: the blog's author. */
  ownerId: string;
  importId: string;
  /** Test only: hosts the fetcher may reach although they resolve to loopback (FETCH_ALLOW_HOSTS). */
  allowHosts: string[];
  /** The clock's now, in milliseconds, for the budget. */
  now: () => number;
}

/**
 * Copies a post's images into our store as uploads are (re-encoded, with their copies): an http(s)
 * address through the SSRF-safe fetcher (a private address is refused, never fetched), an
 * `archive:` file from the import's files. Each one that cannot be copied is a problem, in words.
 */
export async function copyImages(refs: ImageRef[], context: CopyContext): Promise<CopiedImages> {
  const stored = new Map<ImageRef, StoredImage>();
  const problems: string[] = [];
  const deadline = context.now() + IMAGES_BUDGET_MS;
  const waiting = [...refs];
  const lane = async () => {
    for (let ref = waiting.shift(); ref !== undefined; ref = waiting.shift()) {
      if (context.now() > deadline) {
        problems.push(`The image ${shown(ref)} was left out: the post's images took too long`);
        continue;
      }
      try {
        stored.set(ref, await copyImage(ref, context));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        problems.push(`The image ${shown(ref)} was left out: ${error.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return { stored, problems };
}

async function copyImage(ref: ImageRef, { deps, ownerId, importId, allowHosts }: CopyContext) {
  if (ref.startsWith(ARCHIVE_PREFIX)) {
    const bytes = await findImportFile(deps.db, importId, ref.slice(ARCHIVE_PREFIX.length));
    if (!bytes) throw new HttpError(400, { code: 'fetch_failed', message: 'the archive has no such file' });
    return storeImage(deps, ownerId, bytes);
  }
  return importImage(deps, ownerId, ref, allowHosts);
}
