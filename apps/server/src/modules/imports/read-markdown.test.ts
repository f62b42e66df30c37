import { describe, expect, it } from 'vitest';
import { blockOf, expectStorable, folderEntries, listShape, sample, types, zipOf } from '../../test/import-samples.ts';
import { readImport } from './read-import.ts';

const read = async () => readImport(await zipOf(folderEntries('markdown', 'my-blog/')), {});
const postAt = async (path: string) => {
  const { bundle } = await read();
  const post = bundle.posts.find((candidate) => candidate.sourceKey === `my-blog/${path}`);
  if (!post) throw new Error(`No post from ${path}`);
  return post;
};

describe('a zip of Markdown files', () => {
  it('is read as a post per file (hidden folders and Hugo’s section pages left out), with the images they show', async () => {
    const { bundle, files } = await read();
    expect(bundle.source).toBe('markdown');
    expect(bundle.posts.map((post) => post.sourceKey).sort()).toEqual([
      'my-blog/_posts/2019-05-01-hello-jekyll.md',
      'my-blog/content/posts/sourdough-notes/index.md',
      'my-blog/pages/old-address.markdown',
      'my-blog/vault/Notes on 京都.md',
    ]);
    expect([...files.keys()].sort()).toEqual([
      'my-blog/assets/images/hello.png',
      'my-blog/content/posts/sourdough-notes/cover.png',
      'my-blog/content/posts/sourdough-notes/crumb.png',
      'my-blog/vault/attachments/kyoto.png',
    ]);
    expect(files.get('my-blog/vault/attachments/kyoto.png')).toEqual(sample('markdown/vault/attachments/kyoto.png'));
    for (const post of bundle.posts) expectStorable(post.blocks);
  });

  it('reads a Jekyll post: YAML front matter, the date and address from its name, Liquid code and images', async () => {
    const post = await postAt('_posts/2019-05-01-hello-jekyll.md');
    expect(types(post)).toEqual(['paragraph', 'image', 'code', 'paragraph']);
    expect(blockOf(post, 'image').data).toMatchObject({
      file: { url: 'archive:my-blog/assets/images/hello.png' },
      alt: 'The old header',
    });
    expect(blockOf(post, 'code').data.language).toBe('ruby');
    expect(post).toMatchObject({
      title: 'Hello, Jekyll: notes on a static site',
      description: 'The first post of the old site, moved with its tags and its picture.',
      banner: 'archive:my-blog/assets/images/hello.png',
      draft: false,
      publishedAt: '2019-05-01T00:00:00.000Z',
      oldPaths: ['/2019/05/01/hello-jekyll.html'],
      problems: [
        'The Liquid tag {% include %} was left out: only Jekyll runs it.',
        'The Liquid tag {% post_url %} was left out: only Jekyll runs it.',
      ],
    });
    expect(post.tags).toHaveLength(13);
    expect(post.tags.at(-1)).toBe('meta');
  });

  it('reads a Hugo page bundle: TOML front matter, a draft, aliases, nested and task lists, a table, footnotes, code and an embed', async () => {
    const post = await postAt('content/posts/sourdough-notes/index.md');
    expect(types(post)).toEqual([
      'header',
      'list',
      'list',
      'table',
      'paragraph',
      'code',
      'code',
      'quote',
      'image',
      'embed',
      'paragraph',
      'delimiter',
      'delimiter',
      'paragraph',
      'list',
    ]);
    expect(listShape(blockOf(post, 'list'))).toEqual([
      'Feed the starter',
      ['50 g flour', '50 g water', ['in summer, cooler water']],
      'Mix the dough',
      'Bake',
    ]);
    expect(listShape(blockOf(post, 'list', 1))).toEqual(['☑ Buy rye flour', '☐ Clean the jar']);
    expect(blockOf(post, 'table').data).toEqual({
      withHeadings: true,
      content: [
        ['Day', 'Step', 'Hours'],
        ['Fri', 'Feed', '12'],
        ['Sat', 'Mix', '4'],
      ],
    });
    expect(blockOf(post, 'paragraph').data.text).toBe('Hydration matters more than time.[1] Ψωμί, αλεύρι, νερό.');
    expect([blockOf(post, 'code').data.language, blockOf(post, 'code', 1).data.language]).toEqual(['python', 'plain']);
    expect(blockOf(post, 'image').data.file.url).toBe('archive:my-blog/content/posts/sourdough-notes/crumb.png');
    expect(blockOf(post, 'embed').data).toMatchObject({
      service: 'youtube',
      source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(listShape(blockOf(post, 'list', 2))).toEqual(['Water divided by flour, by weight.']);
    expect(post).toMatchObject({
      title: 'Sourdough notes',
      description: 'What three years of feeding a starter taught me.',
      tags: ['baking', 'bread', 'kitchen'],
      banner: 'archive:my-blog/content/posts/sourdough-notes/cover.png',
      draft: true,
      createdAt: '2021-03-04T08:30:00.000Z',
      updatedAt: '2021-03-10T00:00:00.000Z',
      oldPaths: ['/notes/sourdough/', '/2021/03/sourdough.html', '/posts/sourdough-notes/'],
      problems: [
        'The shortcode {{< notice >}} was taken out (its text kept): only Hugo runs it.',
        'Code in "elixir" is kept as plain text: the editor does not highlight that language.',
        'Footnotes were kept as numbered notes at the end of the post ([1] in the text).',
      ],
    });
    expect(post.publishedAt).toBeUndefined();
  });

  it('reads an Obsidian note: the title from its heading, embedded pictures found by name, wiki links as their words', async () => {
    const post = await postAt('vault/Notes on 京都.md');
    expect(post.title).toBe('Notes on 京都');
    expect(types(post)).toEqual(['paragraph', 'image', 'paragraph', 'paragraph', 'embed']);
    expect(blockOf(post, 'image').data.file.url).toBe('archive:my-blog/vault/attachments/kyoto.png');
    expect(blockOf(post, 'paragraph', 1).data.text).toBe('See my travel plans and Packing list.');
    expect(blockOf(post, 'paragraph', 2).data.text).toBe('المدينة هادئة في الصباح.');
    expect(blockOf(post, 'embed').data.service).toBe('vimeo');
    expect(post.problems).toEqual(['The image missing-photo.jpg is not in the archive, and was left out.']);
  });

  it('keeps `published: false` as a draft, with its permalink, its date’s offset and its excerpt', async () => {
    const post = await postAt('pages/old-address.markdown');
    expect(post).toMatchObject({
      title: 'An unpublished thought',
      description: 'Kept back, for now.',
      draft: true,
      createdAt: '2020-02-02T08:00:00.000Z',
      updatedAt: '2020-02-03T08:00:00.000Z',
      oldPaths: ['/thoughts/unpublished/'],
    });
  });

  it('reads a post with 200 images, each taken from the archive', async () => {
    const pictures = Array.from({ length: 200 }, (_, i) => ({
      name: `photos/day-${i}.png`,
      data: sample('markdown/vault/attachments/kyoto.png'),
    }));
    const text = `---\ntitle: Two hundred days\ntags: [photos]\n---\n\n${pictures.map((p, i) => `![Day ${i}](${p.name})`).join('\n\n')}\n`;
    const { bundle, files } = await readImport(await zipOf([{ name: 'two-hundred.md', data: text }, ...pictures]), {});
    const post = bundle.posts[0]!;
    expect(types(post)).toEqual(Array(200).fill('image'));
    expect(blockOf(post, 'image', 199).data).toMatchObject({
      file: { url: 'archive:photos/day-199.png' },
      alt: 'Day 199',
    });
    expect(files.size).toBe(200);
    expectStorable(post.blocks);
  });
});
