import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/unzip.ts';
import { zipStream, type ZipEntry } from './zip-writer.ts';

/*
 * The zip is written as it is read: an export of any size holds about an entry at a time. Each test
 * counts the entries its source was asked for.
 */

const date = new Date('2026-05-01T09:30:00.000Z');
const BYTES = 256 * 1024;

function source(count: number, fail?: number) {
  const state = { asked: 0, closed: false };
  async function* entries(): AsyncGenerator<ZipEntry> {
    try {
      for (let i = 0; i < count; i++) {
        if (i === fail) throw new Error('the database went away');
        state.asked++;
        // Alternately a buffer and a stream, stored and deflated, as an export's JSON and images are.
        const bytes = randomBytes(BYTES);
        yield i % 2
          ? { path: `images/${i}.bin`, body: Readable.from([bytes]), date, stored: true }
          : { path: `blogs/${i}.json`, body: bytes, date };
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, entries: entries() };
}

describe('zipStream', () => {
  it('asks for entries only as fast as the zip is read, and holds them all once read to the end', async () => {
    const { state, entries } = source(200);
    const zip = zipStream(entries, (error) => {
      throw error;
    });
    await sleep(100);
    // 200 entries of 256 KB are 50 MB: unread, the zip has taken a few.
    expect(state.asked).toBeLessThan(5);
    const files = await unzip(Buffer.concat(await zip.toArray()));
    expect(files.size).toBe(200);
    expect(files.get('blogs/0.json')).toHaveLength(BYTES);
    expect(state.closed).toBe(true);
  });

  it('breaks the download on a failure, rather than end a zip that looks whole', async () => {
    const failures: unknown[] = [];
    const { entries } = source(10, 3);
    const zip = zipStream(entries, (error) => failures.push(error));
    await expect(zip.toArray()).rejects.toThrow('the database went away');
    expect(failures).toHaveLength(1);
  });

  it('breaks the download when a file fails half read (a list whose next page cannot be read)', async () => {
    const failures: unknown[] = [];
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield {
        path: 'comments.json',
        date,
        body: Readable.from(
          (async function* () {
            yield Buffer.from('[\n');
            throw new Error('the next page could not be read');
          })(),
        ),
      };
    }
    const zip = zipStream(entries(), (error) => failures.push(error));
    await expect(zip.toArray()).rejects.toThrow('the next page could not be read');
    expect(failures).toHaveLength(1);
  });

  it('stops asking when the reader goes away, and closes its source', async () => {
    const failures: unknown[] = [];
    const { state, entries } = source(200);
    const zip = zipStream(entries, (error) => failures.push(error));
    zip.read();
    zip.destroy();
    await sleep(100);
    expect(state.asked).toBeLessThan(5);
    expect(state.closed).toBe(true);
    expect(failures).toEqual([]);
  });
});
