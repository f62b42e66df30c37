import { once } from 'node:events';
import { Readable } from 'node:stream';
import ZipStream from 'zip-stream';

/** A file of the zip: its path, its bytes (or a stream of them), its date. */
export interface ZipEntry {
  path: string;
  body: string | Buffer | Readable;
  date: Date;
  /** Already compressed (an image): stored as it is, not deflated again. */
  stored?: boolean;
}

/**
 * The zip of `entries`, as a stream. An entry is asked for only once the one before it has gone
 * into the zip, and the zip takes no more while what it made is not read (zip-stream pipes each
 * file in; ZIP64 past 4 GB): the download's pace paces the reads behind the entries, so an export
 * holds an entry at a time, never the whole. A failure ends the stream with the error, so that the
 * download breaks instead of ending as a zip that looks whole; `failed` hears it.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, failed: (error: unknown) => void): Readable {
  const zip = new ZipStream({ zlib: { level: 6 } });
  const closed = once(zip, 'close').then(() => {
    throw new Error('The download ended before the zip was whole');
  });
  // Never awaited when the zip ends whole: a rejection nobody waits for is not an error.
  closed.catch(() => {});
  const add = (entry: ZipEntry) =>
    new Promise<void>((resolve, reject) => {
      zip.entry(entry.body, { name: entry.path, date: entry.date, store: entry.stored ?? false }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  void (async () => {
    for await (const entry of entries) {
      try {
        await Promise.race([add(entry), closed]);
      } catch (error) {
        // An image half read is let go of (its file or its bucket's answer).
        if (entry.body instanceof Readable) entry.body.destroy();
        throw error;
      }
      if (zip.writableNeedDrain) await Promise.race([once(zip, 'drain'), closed]);
    }
    zip.finalize();
  })().catch((error: unknown) => {
    // A reader that went away is no failure of ours.
    if (zip.destroyed) return;
    failed(error);
    zip.destroy(error as Error);
  });
  return zip;
}
