import { describe, expect, it } from 'vitest';
import { blockOf, expectStorable, folderEntries, listShape, types, zipOf } from '../../test/import-samples.ts';
import { readImport } from './read-import.ts';

const read = async () => readImport(await zipOf(folderEntries('medium', 'medium-export/')), {});

describe('a Medium export', () => {
  it('is read as its posts, drafts named draft_ kept as drafts, with the author of the page', async () => {
    const { bundle, files } = await read();
    expect(bundle.source).toBe('medium');
    expect(bundle.posts.map((post) => [post.title, post.draft])).toEqual([
      ['Why I Still Write by Hand', false],
      ['Letters from Athens', true],
    ]);
    expect(bundle.authors).toEqual([{ key: '@inkwriter', username: 'inkwriter', fullname: 'Ines Kowalczyk' }]);
    // Medium's images stay on its servers: the job fetches them.
    expect(files.size).toBe(0);
    for (const post of bundle.posts) expectStorable(post.blocks);
  });

  it('maps the graf markup to blocks: the repeated title dropped, the author’s section break kept', async () => {
    const post = (await read()).bundle.posts[0]!;
    expect(types(post)).toEqual([
      'paragraph',
      'image',
      'header',
      'list',
      'list',
      'delimiter',
      'header',
      'code',
      'quote',
      'quote',
      'embed',
      'paragraph',
      'link',
    ]);
    expect(blockOf(post, 'image').data).toMatchObject({
      file: { url: 'https://cdn-images-1.medium.com/max/800/1*Xf3kq9ZbQ2mT5uV7wY8zAa.jpeg', width: 3024, height: 4032 },
      caption: 'My notebook, <i>week one</i>',
      alt: 'An open notebook with a fountain pen',
    });
    expect([blockOf(post, 'header').data.level, blockOf(post, 'header', 1).data.level]).toEqual([3, 4]);
    expect(listShape(blockOf(post, 'list', 1))).toEqual(['Write', 'Type it up']);
    expect(blockOf(post, 'list', 1).data.style).toBe('ordered');
    expect(blockOf(post, 'code').data).toEqual({
      code: 'import sys\n\nprint(len(sys.stdin.read().split()))',
      language: 'python',
    });
    expect(blockOf(post, 'embed').data).toMatchObject({ service: 'youtube', caption: 'A talk on slow writing' });
    expect(blockOf(post, 'paragraph', 1).data.text).toBe('ペンで書くと、考えがゆっくりになる。');
    expect(blockOf(post, 'link').data).toEqual({
      link: 'https://medium.com/@inkwriter/notebooks-1234567890ab',
      meta: { title: 'On notebooks', description: 'Which ones last.' },
    });
    expect(post).toMatchObject({
      sourceKey: 'https://medium.com/@inkwriter/why-i-still-write-by-hand-1a2b3c4d5e6f',
      authorKey: '@inkwriter',
      description: 'Paper, ink, and the speed of thought',
      publishedAt: '2019-06-01T14:32:10.123Z',
      oldPaths: ['/@inkwriter/why-i-still-write-by-hand-1a2b3c4d5e6f', '/p/1a2b3c4d5e6f'],
      problems: [
        'A script (https://gist.github.com/inkwriter/5f1c2e.js) was left out: the editor has no block for it.',
      ],
    });
  });

  it('reads a draft: no publish date, its id path kept, Greek and Arabic text as written', async () => {
    const draft = (await read()).bundle.posts[1]!;
    expect(draft).toMatchObject({
      draft: true,
      oldPaths: ['/p/9f8e7d6c5b4a'],
      sourceKey: 'medium-export/posts/draft_Letters-from-Athens-9f8e7d6c5b4a.html',
    });
    expect(draft.publishedAt).toBeUndefined();
    expect(draft.blocks.map((block) => block.type === 'paragraph' && block.data.text)).toEqual([
      'Γράφω από την Αθήνα, όπου ο ήλιος δεν σταματά.',
      'أكتب أيضًا بالعربية أحيانًا.',
    ]);
  });
});
