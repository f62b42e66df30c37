import { ImportLimits } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { sample, zipOf } from '../../test/import-samples.ts';
import { readImport } from './read-import.ts';

const refused = (code: string) => ({ status: 400, code });

/** A WordPress export around the given items (and a DOCTYPE before it, when given). */
const wxr = (items: string, doctype = '') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>${doctype}<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>T</title><link>https://old.example</link><wp:wxr_version>1.2</wp:wxr_version>${items}</channel></rss>`,
  );
const post = (id: number, content = '<p>Hi</p>') =>
  `<item><title>Post ${id}</title><wp:post_id>${id}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><content:encoded><![CDATA[${content}]]></content:encoded></item>`;

describe('reading an upload', () => {
  it('tells the format from the bytes, whatever the file was called', async () => {
    expect((await readImport(sample('wordpress.xml'), {})).bundle.source).toBe('wordpress');
    expect((await readImport(sample('ghost.json'), {})).bundle.source).toBe('ghost');
    // A byte-order mark and leading blank lines are no reason to refuse.
    expect((await readImport(Buffer.concat([Buffer.from('\uFEFF\n\n'), wxr(post(1))]), {})).bundle.posts).toHaveLength(
      1,
    );
  });

  it.each([
    ['an image', Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1')],
    ['plain text', Buffer.from('Dear diary,\n\ntoday I moved my blog.')],
    [
      'an Atom feed',
      Buffer.from('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'),
    ],
    ['JSON of something else', Buffer.from('{"posts": "not Ghost"}')],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s as a format it cannot read', async (_, bytes) => {
    await expect(readImport(bytes, {})).rejects.toMatchObject(refused('import_format_unknown'));
  });

  it('refuses a zip that is no export it knows', async () => {
    const notes = await zipOf([{ name: 'notes.txt', data: 'hello' }]);
    await expect(readImport(notes, {})).rejects.toMatchObject(refused('import_format_unknown'));
  });

  it('reads a zip with an Inkwell manifest as an Inkwell export, refusing one it cannot read', async () => {
    for (const manifest of [
      { format: 'inkwell-export', version: 1 },
      { format: 'inkwell-export', version: 2 },
    ]) {
      const inkwell = await zipOf([
        { name: 'manifest.json', data: JSON.stringify(manifest) },
        { name: 'blogs/a.md', data: '# A' },
      ]);
      await expect(readImport(inkwell, {})).rejects.toMatchObject(refused('import_unreadable'));
    }
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = Buffer.alloc(ImportLimits.fileMaxBytes + 1, 0x20);
    await expect(readImport(big, {})).rejects.toMatchObject(refused('import_too_large'));
  });

  it('refuses more posts than one import may hold', async () => {
    const many = Array.from({ length: ImportLimits.postsMax + 1 }, (_, i) => post(i + 1)).join('');
    await expect(readImport(wxr(many), {})).rejects.toMatchObject(refused('import_too_many_posts'));
    const posts = Array.from({ length: ImportLimits.postsMax + 1 }, (_, i) => ({
      id: String(i),
      html: '',
      status: 'draft',
    }));
    await expect(readImport(Buffer.from(JSON.stringify({ data: { posts } })), {})).rejects.toMatchObject(
      refused('import_too_many_posts'),
    );
  });
});

describe('hostile XML and JSON', () => {
  it('refuses the billion laughs without expanding an entity', async () => {
    const laughs = `<!DOCTYPE rss [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`;
    await expect(readImport(wxr(post(1, '&lol9;'), laughs), {})).rejects.toMatchObject(refused('import_unreadable'));
    await expect(readImport(wxr(`<item><title>&lol9;</title></item>`, laughs), {})).rejects.toMatchObject(
      refused('import_unreadable'),
    );
  });

  it('refuses an external entity naming a local file, and never reads it', async () => {
    const xxe = '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    await expect(readImport(wxr(`<item><title>&xxe;</title></item>`, xxe), {})).rejects.toMatchObject(
      refused('import_unreadable'),
    );
    // An entity the document never declared is no text either.
    await expect(readImport(wxr(`<item><title>&xxe;</title></item>`), {})).rejects.toMatchObject(
      refused('import_unreadable'),
    );
  });

  it('refuses truncated or malformed XML and JSON as unreadable', async () => {
    const xml = sample('wordpress.xml');
    await expect(readImport(xml.subarray(0, xml.length / 2), {})).rejects.toMatchObject(refused('import_unreadable'));
    await expect(readImport(wxr('<item><title>open</item>'), {})).rejects.toMatchObject(refused('import_unreadable'));
    // Markup nested thousands deep, which would exhaust a parser's recursion.
    await expect(readImport(wxr(post(1, '<ul><li>'.repeat(5000))), {})).rejects.toMatchObject(
      refused('import_unreadable'),
    );
    const json = sample('ghost.json');
    await expect(readImport(json.subarray(0, json.length / 2), {})).rejects.toMatchObject(refused('import_unreadable'));
  });
});
