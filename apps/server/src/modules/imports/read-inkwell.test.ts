import { describe, expect, it } from 'vitest';
import type { HttpError } from '../../http-error.ts';
import { readInkwellExport } from './read-inkwell.ts';

/*
 * The reader on exports written by hand: what it refuses, and what it leaves out and says. That it
 * reads back a real export exactly is exports/exports.test.ts's round trip.
 */

const file = (value: unknown) => Buffer.from(JSON.stringify(value));
const manifest = (overrides: Record<string, unknown> = {}) => ({
  format: 'inkwell-export',
  version: 1,
  exportedAt: '2026-05-01T09:30:00.000Z',
  scope: 'member',
  origin: 'https://old.example',
  software: '1.0.0',
  ...overrides,
});
const profile = {
  username: 'wendy',
  fullname: 'Wendy Writer',
  email: 'wendy@example.com',
  bio: 'Writes.',
  profileImage: null,
  socialLinks: {},
  joinedAt: '2025-01-01T00:00:00.000Z',
};
const blog = (overrides: Record<string, unknown> = {}) => ({
  blog_id: 'first-steps-abc123',
  author: 'wendy',
  title: 'First steps',
  des: 'Where it began.',
  tags: ['walks'],
  draft: false,
  banner: 'images/banner.png',
  content: {
    blocks: [
      { id: 'p', type: 'paragraph', data: { text: 'We <b>left</b> early.' } },
      {
        id: 'i',
        type: 'image',
        data: {
          file: { url: 'images/photo.png' },
          caption: '',
          alt: 'Hills',
          withBorder: false,
          stretched: false,
          withBackground: false,
        },
      },
    ],
  },
  publishedAt: '2026-04-01T08:00:00.000Z',
  createdAt: '2026-03-30T08:00:00.000Z',
  updatedAt: '2026-04-02T08:00:00.000Z',
  ...overrides,
});
const png = Buffer.from('png bytes');

const refusal = (files: Map<string, Buffer>) => {
  try {
    readInkwellExport(files);
  } catch (error) {
    return (error as HttpError).code;
  }
  return null;
};

describe('readInkwellExport', () => {
  it('refuses another version of the format, and a manifest it cannot read, as unreadable', () => {
    expect(refusal(new Map([['manifest.json', file(manifest({ version: 2 }))]]))).toBe('import_unreadable');
    expect(refusal(new Map([['manifest.json', Buffer.from('{ not json')]]))).toBe('import_unreadable');
    expect(refusal(new Map([['manifest.json', file(manifest({ scope: 'planet' }))]]))).toBe('import_unreadable');
    expect(refusal(new Map([['notes.txt', png]]))).toBe('import_format_unknown');
  });

  it('reads an export zipped again inside a folder, naming the archive’s files by their paths', () => {
    const { bundle, files } = readInkwellExport(
      new Map([
        ['export/manifest.json', file(manifest())],
        ['export/profile.json', file(profile)],
        ['export/blogs/first-steps-abc123.json', file(blog())],
        ['export/images/banner.png', png],
        ['export/images/photo.png', png],
        ['export/images/unused.png', png],
      ]),
    );
    expect(bundle.authors).toEqual([
      { key: 'wendy', username: 'wendy', email: 'wendy@example.com', fullname: 'Wendy Writer', bio: 'Writes.' },
    ]);
    const [post] = bundle.posts;
    expect(post).toMatchObject({
      sourceKey: 'first-steps-abc123',
      authorKey: 'wendy',
      banner: 'archive:export/images/banner.png',
      publishedAt: '2026-04-01T08:00:00.000Z',
      oldPaths: ['/blog/first-steps-abc123'],
      problems: [],
    });
    expect(post!.blocks[1]).toMatchObject({ data: { file: { url: 'archive:export/images/photo.png' } } });
    expect([...files.keys()].sort()).toEqual(['export/images/banner.png', 'export/images/photo.png']);
  });

  it('leaves out what it cannot read or find, and says so', () => {
    const { bundle, files } = readInkwellExport(
      new Map([
        ['manifest.json', file(manifest())],
        ['profile.json', Buffer.from('{')],
        ['blogs/broken.json', file(blog({ tags: 'walks' }))],
        [
          'blogs/first-steps-abc123.json',
          file(blog({ draft: true, publishedAt: null, publishAt: '2026-06-01T08:00:00.000Z' })),
        ],
        ['blogs/hidden-1.json', file(blog({ blog_id: 'hidden-1', banner: '', hiddenReason: 'Spam' }))],
        ['images/banner.png', png],
      ]),
    );
    expect(bundle.authors).toEqual([]);
    expect(bundle.problems).toEqual([
      "profile.json could not be read (it is not JSON): the posts keep their authors' usernames only.",
      'blogs/broken.json was left out: tags: Invalid input: expected array, received string.',
    ]);
    const scheduled = bundle.posts.find((post) => post.sourceKey === 'first-steps-abc123')!;
    expect(scheduled.blocks.map((block) => block.type)).toEqual(['paragraph']);
    expect(scheduled).toMatchObject({ draft: true, banner: 'archive:images/banner.png' });
    expect(scheduled.publishedAt).toBeUndefined();
    expect(scheduled.problems).toEqual([
      'The image images/photo.png is not in the archive: it was left out.',
      'It was scheduled for 2026-06-01T08:00:00.000Z: it stays a draft.',
    ]);
    const hidden = bundle.posts.find((post) => post.sourceKey === 'hidden-1')!;
    expect(hidden.draft).toBe(true);
    expect(hidden.banner).toBeUndefined();
    expect(hidden.problems).toContain("The old site's staff had hidden it (Spam): it comes in as a draft.");
    expect([...files.keys()]).toEqual(['images/banner.png']);
  });
});
