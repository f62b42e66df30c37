import { describe, expect, it } from 'vitest';
import { blockOf, expectStorable, listShape, sample, types } from '../../test/import-samples.ts';
import { readImport } from './read-import.ts';

const read = async () => (await readImport(sample('wordpress.xml'), {})).bundle;

describe('a WordPress export', () => {
  it('is read as its posts, in order, drafts kept as drafts; pages, media, menus, the trash and comments said', async () => {
    const bundle = await read();
    expect(bundle.source).toBe('wordpress');
    expect(bundle.posts.map((post) => [post.title, post.draft])).toEqual([
      ['Birding with Python & a Raspberry Pi', false],
      ['京都の朝', false],
      ['مسودة: الطيور في الشتاء', true],
      ['Τα πουλιά της Κρήτης', true],
    ]);
    expect(bundle.problems).toEqual([
      '3 media library entries were not imported as posts: the images posts show come with their posts.',
      '1 page was left out: only posts are imported.',
      '1 menu item was left out: only posts are imported.',
      '1 post in the trash was left out: only posts are imported.',
      '1 comment was not imported.',
    ]);
    expect(bundle.authors).toEqual([
      { key: 'marta', username: 'marta', email: 'marta@fieldnotes.example', fullname: 'Marta Kowalska' },
      { key: 'kenji', username: 'kenji', email: 'kenji@fieldnotes.example', fullname: '山田 健二' },
    ]);
    for (const post of bundle.posts) expectStorable(post.blocks);
  });

  it('maps a block-editor post to the blocks, with its excerpt, tags before categories, featured image, dates and old paths', async () => {
    const post = (await read()).posts[0]!;
    expect(types(post)).toEqual([
      'paragraph',
      'header',
      'list',
      'image',
      'header',
      'code',
      'paragraph',
      'table',
      'paragraph',
      'quote',
      'delimiter',
      'embed',
      'delimiter',
      'paragraph',
      'list',
    ]);
    expect(blockOf(post, 'paragraph').data.text).toContain(
      '<b>microphone</b> on the balcony and let <i>a small computer</i> listen. Here is <a href="https://fieldnotes.example/about/" rel="noopener noreferrer nofollow">what I learned</a>, and the <a href="https://fieldnotes.example/2023/12/winter-list/"',
    );
    expect(blockOf(post, 'header', 1).data).toEqual({ text: 'The listening loop', level: 3 });
    expect(listShape(blockOf(post, 'list'))).toEqual([
      'A Raspberry Pi 4',
      ['a power supply', 'a <code class="inline-code">32 GB</code> card'],
      'A USB microphone',
    ]);
    expect(blockOf(post, 'image').data).toMatchObject({
      file: { url: 'https://fieldnotes.example/wp-content/uploads/2024/05/balcony.jpg', width: 1024, height: 683 },
      caption: 'The <i>very</i> scientific set-up',
      alt: 'A microphone taped to a balcony rail',
    });
    expect(blockOf(post, 'code').data.language).toBe('python');
    expect(blockOf(post, 'code').data.code).toMatch(/^import sounddevice as sd\n\ndef listen/);
    expect(blockOf(post, 'table').data).toEqual({
      withHeadings: true,
      content: [
        ['Species', 'Count'],
        ['Blackbird', '41'],
        ['Great tit', '17'],
      ],
    });
    expect(blockOf(post, 'quote').data).toMatchObject({
      text: 'Listen to the birds, and they will tell you everything.',
      caption: 'My grandmother',
    });
    expect(blockOf(post, 'embed').data).toMatchObject({
      service: 'youtube',
      embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      caption: 'A dawn chorus, recorded',
    });
    // The footnote: [1] in the text, the note in a list after a delimiter, and said.
    expect(blockOf(post, 'paragraph', 1).data.text).toBe('The model is BirdNET[1], which runs well on a Pi.');
    expect(listShape(blockOf(post, 'list', 1))).toEqual([
      'A model trained by the <a href="https://www.birds.cornell.edu/" rel="noopener noreferrer nofollow">Cornell Lab</a>.',
    ]);
    expect(post.problems).toEqual(['Footnotes were kept as numbered notes at the end of the post ([1] in the text).']);

    expect(post).toMatchObject({
      sourceKey: 'https://fieldnotes.example/?p=41',
      authorKey: 'marta',
      description: 'A balcony, a microphone and a small computer that names the birds.',
      banner: 'https://fieldnotes.example/wp-content/uploads/2024/05/cover.jpg',
      publishedAt: '2024-05-03T08:30:00.000Z',
      updatedAt: '2024-05-04T10:00:00.000Z',
      oldPaths: ['/2024/05/birding-with-python/', '/?p=41'],
    });
    expect(post.tags).toHaveLength(13);
    expect(post.tags.slice(0, 2)).toEqual(['Python', 'Raspberry Pi']);
    expect(post.tags.at(-1)).toBe('Projects');
  });

  it('reads a classic-editor post: paragraphs from blank lines, shortcodes of captions, galleries, code and embeds', async () => {
    const post = (await read()).posts[1]!;
    expect(types(post)).toEqual([
      'paragraph',
      'image',
      'embed',
      'image',
      'image',
      'header',
      'code',
      'paragraph',
      'paragraph',
    ]);
    expect(blockOf(post, 'paragraph').data.text).toBe('朝の鴨川は静かだった。<br>鳥の声だけが聞こえる。');
    expect(blockOf(post, 'image').data).toMatchObject({ caption: '鴨川、午前六時', alt: '鴨川の朝' });
    expect(blockOf(post, 'embed').data).toMatchObject({ service: 'vimeo', source: 'https://vimeo.com/76979871' });
    expect(blockOf(post, 'image', 2).data.file.url).toBe(
      'https://fieldnotes.example/wp-content/uploads/2019/04/kamo-2.jpg',
    );
    expect(blockOf(post, 'code').data).toEqual({
      code: "const birds = ['heron', 'kite'];\nif (birds.length < 3) console.log(birds);",
      language: 'javascript',
    });
    expect(post.problems).toEqual([
      'The shortcode [highlight] was taken out (its text kept): only WordPress runs it.',
      'The shortcode [contact-form-7] was left out: only WordPress runs it.',
      'A script was left out: the editor has no block for it.',
    ]);
    expect(post.tags).toEqual(['旅行']);
  });

  it('keeps a draft without a publish date, and a scheduled post as a draft, said', async () => {
    const [, , draft, scheduled] = (await read()).posts;
    expect(draft).toMatchObject({ draft: true, oldPaths: ['/?p=50'], tags: ['Birds'] });
    expect(draft!.publishedAt).toBeUndefined();
    expect(listShape(blockOf(draft!, 'list'))).toEqual(['اللقلق', 'السنونو']);
    expect(blockOf(draft!, 'list').data.style).toBe('ordered');
    expect(scheduled).toMatchObject({ draft: true, problems: ['It was scheduled: it is imported as a draft.'] });
  });
});
