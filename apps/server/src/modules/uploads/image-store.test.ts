import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error.ts';
import { diskImageStore } from './image-store.ts';

/** A real small disk: a 64 KiB tmpfs, which needs root (CI runs as root; elsewhere this is skipped). */
const canMount = process.getuid?.() === 0;
const folder = mkdtempSync(path.join(tmpdir(), 'inkwell-small-disk-'));

describe.skipIf(!canMount)('images on a disk that fills up or turns read-only', () => {
  beforeAll(() => execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', folder]));
  afterAll(() => {
    execFileSync('umount', [folder]);
    rmSync(folder, { recursive: true, force: true });
  });
  const store = diskImageStore(folder);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('a full disk answers 507 in words, leaves no partial file, and the images already there are still read', async () => {
    await store.put('small.png', Buffer.from('a small image'), 'image/png');
    const error = await refusal(store.put('large.png', Buffer.alloc(256 * 1024, 1), 'image/png'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 507,
      message: 'The server has no room left for images. Please tell its administrator.',
    });
    expect(readdirSync(folder)).toEqual(['small.png']);
    expect(await text((await store.open('small.png'))!)).toBe('a small image');
  });

  it('a read-only disk answers 503 in words, and the images already there are still read', async () => {
    execFileSync('mount', ['-o', 'remount,ro', folder]);
    try {
      const error = await refusal(store.put('another.png', Buffer.from('another image'), 'image/png'));
      expect(error).toMatchObject({
        status: 503,
        message: 'The server cannot save images right now: its storage is read-only. Please tell its administrator.',
      });
      expect(await text((await store.open('small.png'))!)).toBe('a small image');
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', folder]);
    }
  });
});
