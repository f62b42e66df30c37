import { createReadStream } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

/** Where image files live. Keys are content hashes, so a key's bytes never change. */
export interface ImageStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  open(key: string): Promise<Readable | null>;
}

/** A folder on disk (DATA_DIR/uploads by default). */
export function diskImageStore(folder: string): ImageStore {
  const file = (key: string) => path.join(folder, path.basename(key));
  const exists = (key: string) =>
    access(file(key)).then(
      () => true,
      () => false,
    );
  return {
    async put(key, data) {
      if (await exists(key)) return;
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file(key)}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file(key));
    },
    async open(key) {
      return (await exists(key)) ? createReadStream(file(key)) : null;
    },
  };
}
