import { describe, expect, it } from 'vitest';
import { blockOf, expectStorable, listShape, sample, types } from '../../test/import-samples.ts';
import { readImport } from './read-import.ts';

const read = async (siteUrl?: string) => (await readImport(sample('ghost.json'), { siteUrl })).bundle;

describe('a Ghost export', () => {
  it('is read as its posts (pages said), with their authors, tags in order and drafts', async () => {
    const bundle = await read('https://bakery.example/');
    expect(bundle.source).toBe('ghost');
    expect(bundle.posts.map((post) => [post.title, post.draft, post.authorKey])).toEqual([
      ['A slow sourdough', false, '1'],
      ['Ψωμί με προζύμι', true, '65a1f0c2e4b0a1000163d3a1'],
      ['パンの朝', true, '1'],
    ]);
    expect(bundle.problems).toEqual(['1 page was left out: only posts are imported.']);
    expect(bundle.authors).toEqual([
      { key: '1', email: 'hanna@bakery.example', fullname: 'Hanna Berg', username: 'hanna', bio: 'Bakes on weekends.' },
      { key: '65a1f0c2e4b0a1000163d3a1', email: 'lena@bakery.example', fullname: 'Λένα Παππά', username: 'lena' },
    ]);
    for (const post of bundle.posts) expectStorable(post.blocks);
  });

  it('maps the cards of a post to blocks, with its excerpt, feature image, dates, slug and tags', async () => {
    const post = (await read('https://bakery.example')).posts[0]!;
    expect(types(post)).toEqual([
      'paragraph',
      'header',
      'list',
      'image',
      'table',
      'code',
      'image',
      'image',
      'quote',
      'delimiter',
      'embed',
      'link',
      'paragraph',
      'paragraph',
      'delimiter',
      'paragraph',
      'list',
    ]);
    expect(blockOf(post, 'paragraph').data.text).toBe(
      'Bread needs <b>time</b>, <i>warmth</i> and a <a href="https://bakery.example/starter-notes/" rel="noopener noreferrer nofollow">lively starter</a>.[1]',
    );
    expect(listShape(blockOf(post, 'list'))).toEqual([
      'Flour',
      ['500 g strong white', '50 g rye'],
      'Water, 350 g',
      'Salt',
    ]);
    expect(blockOf(post, 'image').data).toMatchObject({
      file: { url: 'https://bakery.example/content/images/2024/01/dough.jpg', width: 2000, height: 1333 },
      caption: 'After the <i>first</i> rise',
      alt: 'Dough in a glass bowl',
    });
    expect(blockOf(post, 'table').data.content).toEqual([
      ['Stage', 'Hours'],
      ['Bulk', '4'],
      ['Proof', '12'],
    ]);
    expect(blockOf(post, 'code').data.language).toBe('javascript');
    expect([blockOf(post, 'image', 1).data.alt, blockOf(post, 'image', 2).data.alt]).toEqual(['Crumb', 'Crust']);
    expect(blockOf(post, 'embed').data).toMatchObject({ service: 'youtube', caption: 'Shaping, step by step' });
    expect(blockOf(post, 'link').data).toEqual({
      link: 'https://www.kingarthurbaking.com/recipes/sourdough',
      meta: { title: 'Sourdough bread recipe', description: 'A classic loaf.' },
    });
    expect(listShape(blockOf(post, 'list', 1))).toEqual(['Fed twice a day, kept in the fridge between bakes.']);
    expect(post).toMatchObject({
      sourceKey: '65a1f0c2e4b0a1000163d1a1',
      description: 'Three days, four ingredients, one loaf worth the wait.',
      banner: 'https://bakery.example/content/images/2024/01/cover.jpg',
      publishedAt: '2024-01-13T07:00:00.000Z',
      createdAt: '2024-01-12T08:00:00.000Z',
      updatedAt: '2024-01-14T09:30:00.000Z',
      oldPaths: ['/slow-sourdough/'],
    });
    expect(post.tags).toHaveLength(12);
    expect(post.tags.slice(0, 3)).toEqual(['Baking', 'Sourdough', 'Bread']);
    expect(post.problems).toEqual([
      'Its other authors (Λένα Παππά) are not kept: a blog has one author.',
      'Its feature image’s alt text and caption are not kept: a banner has neither.',
      'Its internal tags (#newsletter) were left out.',
      'A video file (__GHOST_URL__/content/media/2024/01/fold.mp4) was left out: the editor has no block for it.',
      'An embedded frame from widgets.example.net was left out: it is not a player the editor embeds.',
      'Footnotes were kept as numbered notes at the end of the post ([1] in the text).',
    ]);
  });

  it('without the old site’s address, leaves out the images stored on it (said) and keeps its links as text', async () => {
    const post = (await read()).posts[0]!;
    expect(post.banner).toBeUndefined();
    expect(types(post).filter((type) => type === 'image')).toHaveLength(2);
    expect(blockOf(post, 'paragraph').data.text).toBe(
      'Bread needs <b>time</b>, <i>warmth</i> and a lively starter.[1]',
    );
    expect(post.problems).toContain(
      'Images stored on the old Ghost site were left out: give the old site’s address to import them.',
    );
    expect(post.problems).toContain(
      'Links to the old Ghost site were kept as text: give the old site’s address to keep them.',
    );
  });

  it('keeps a scheduled post as a draft, said', async () => {
    const post = (await read()).posts[2]!;
    expect(post).toMatchObject({
      draft: true,
      banner: 'https://images.example-cdn.com/asa.jpg',
      problems: ['It was scheduled: it is imported as a draft.'],
    });
    expect(post.publishedAt).toBeUndefined();
  });

  it('reads the older shape, `{data: {posts}}`, as well', async () => {
    const { bundle } = await readImport(
      Buffer.from(
        JSON.stringify({
          data: { posts: [{ id: 'a1', title: 'Old', slug: 'old', html: '<p>Hi</p>', status: 'published' }] },
        }),
      ),
      {},
    );
    expect(bundle.posts.map((post) => [post.title, types(post), post.oldPaths])).toEqual([
      ['Old', ['paragraph'], ['/old/']],
    ]);
  });
});
