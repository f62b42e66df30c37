import { randomBytes } from 'node:crypto';
import { ImportLimits } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { patchBytes, zipOf } from '../../test/import-samples.ts';
import { archivePath, openArchive } from './archive.ts';
import { readImport } from './read-import.ts';

const unsafe = { status: 400, code: 'import_archive_unsafe' };
const unreadable = { status: 400, code: 'import_unreadable' };

/** Every central directory header of a zip, by offset (where yauzl reads an entry's sizes, flags and mode). */
function centralHeaders(zip: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at !== -1; at = zip.indexOf('PK\x01\x02', at + 4)) offsets.push(at);
  return offsets;
}

describe('reading a zip', () => {
  it('gives its files by plain path, without folders or macOS resource forks, and reads them', async () => {
    const archive = await openArchive(
      await zipOf([
        { name: 'blog/./posts//a.md', data: '# A' },
        { name: 'blog/', data: '' },
        { name: '__MACOSX/blog/._a.md', data: 'fork' },
        { name: 'blog/._b.md', data: 'fork' },
      ]),
    );
    expect(archive.paths).toEqual(['blog/posts/a.md']);
    expect(await archive.readText('blog/posts/a.md')).toBe('# A');
  });

  it('refuses names that could reach outside the archive', () => {
    for (const name of ['../evil.md', 'a/../../evil.md', '/etc/passwd', 'C:/Windows/x.md', 'a\\..\\x.md', 'a\0.md'])
      expect(archivePath(name), name).toBeNull();
    expect(archivePath('./a//b/c.md')).toBe('a/b/c.md');
  });

  it.each([
    ['a ../ entry', 'xx/xx/evil.md', '../../evil.md'],
    ['an absolute entry', 'etc/passwd.md', '/tc/passwd.md'],
    ['a backslash', 'notes/a.md', 'notes\\a.md'],
    ['a drive letter', 'Cx/Users.md', 'C:/Users.md'],
  ])('refuses %s, whole, before inflating anything', async (_, written, hostile) => {
    const zip = patchBytes(
      await zipOf([
        { name: 'ok.md', data: 'fine' },
        { name: written, data: 'x' },
      ]),
      written,
      hostile,
    );
    await expect(readImport(zip, {})).rejects.toMatchObject(unsafe);
  });

  it('refuses a symbolic link entry', async () => {
    const zip = await zipOf([
      { name: 'post.md', data: 'fine' },
      { name: 'secrets.md', data: '/etc/passwd', mode: 0o120777 },
    ]);
    await expect(readImport(zip, {})).rejects.toMatchObject(unsafe);
  });

  it('refuses an encrypted entry', async () => {
    const zip = await zipOf([{ name: 'post.md', data: 'secret words' }]);
    const [header] = centralHeaders(zip);
    zip.writeUInt16LE(zip.readUInt16LE(header! + 8) | 1, header! + 8);
    await expect(readImport(zip, {})).rejects.toMatchObject(unsafe);
  });

  it('refuses more entries than an archive may have, before reading any', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.md`, data: 'x' }));
    await expect(openArchive(await zipOf(entries), { ...ImportLimits, archiveEntriesMax: 10 })).rejects.toMatchObject(
      unsafe,
    );
    // The end record's count is the number of entries a reader lists: one past the limit is refused at once.
    const zip = await zipOf(entries);
    const end = zip.lastIndexOf('PK\x05\x06');
    zip.writeUInt16LE(ImportLimits.archiveEntriesMax + 1, end + 8);
    zip.writeUInt16LE(ImportLimits.archiveEntriesMax + 1, end + 10);
    await expect(readImport(zip, {})).rejects.toMatchObject(unsafe);
  });

  it('refuses a bomb: an entry inflating past its ratio, stopped as it inflates, whatever its header claims', async () => {
    const bomb = Buffer.alloc(16 * 1024 * 1024);
    const zip = await zipOf([{ name: 'posts/bomb.html', data: bomb }]);
    expect(zip.length).toBeLessThan(bomb.length / ImportLimits.archiveRatioMax);
    await expect(readImport(zip, {})).rejects.toMatchObject(unsafe);

    // The central directory says the entry is 100 bytes: it is counted as it inflates all the same.
    const lying = Buffer.from(zip);
    for (const header of centralHeaders(lying)) lying.writeUInt32LE(100, header + 24);
    await expect(readImport(lying, {})).rejects.toMatchObject(unsafe);
  });

  it('refuses an archive whose entries unpack past the total, each within its ratio', async () => {
    const limits = { ...ImportLimits, archiveUnpackedMaxBytes: 1024 * 1024 };
    // Random bytes do not compress: each entry's ratio is about 1, and three of them pass a megabyte.
    const entries = [1, 2, 3].map((i) => ({ name: `part-${i}.md`, data: randomBytes(400 * 1024) }));
    const archive = await openArchive(await zipOf(entries), limits);
    await archive.read('part-1.md');
    await archive.read('part-2.md');
    await expect(archive.read('part-3.md')).rejects.toMatchObject(unsafe);
  });

  it('calls a damaged zip unreadable', async () => {
    const zip = await zipOf([{ name: 'a.md', data: 'words '.repeat(1000) }]);
    await expect(readImport(zip.subarray(0, zip.length / 2), {})).rejects.toMatchObject(unreadable);
    // The directory intact, the data cut: unreadable when inflated.
    const broken = Buffer.from(zip);
    broken.fill(0xff, 40, 60);
    await expect(readImport(broken, {})).rejects.toMatchObject(unreadable);
  });
});
