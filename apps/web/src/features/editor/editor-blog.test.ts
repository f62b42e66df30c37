import { describe, expect, it } from 'vitest';
import { emptyBlog, sameBlog, type EditorBlog } from './editor-blog.ts';

const blog = (blocks: EditorBlog['content']['blocks'], patch: Partial<EditorBlog> = {}): EditorBlog => ({
  ...emptyBlog(),
  title: 'Ridge walk',
  tags: ['hiking'],
  content: { time: 1, version: '2.31.7', blocks },
  ...patch,
});

describe('sameBlog', () => {
  const image = {
    id: 'a1',
    type: 'image',
    data: { file: { url: '/uploads/x.png' }, caption: 'Map', withBorder: true },
  };

  it('holds when only key order, save time or Editor.js version differ', () => {
    // Editor.js writes keys in one order, the server's jsonb answers them in another.
    const reordered = {
      type: 'image',
      data: { withBorder: true, caption: 'Map', file: { url: '/uploads/x.png' } },
      id: 'a1',
    };
    expect(
      sameBlog(blog([image]), { ...blog([reordered]), content: { time: 2, version: '2.32.0', blocks: [reordered] } }),
    ).toBe(true);
  });

  it('fails on any change a writer makes', () => {
    expect(sameBlog(blog([image]), blog([{ ...image, data: { ...image.data, caption: 'Our map' } }]))).toBe(false);
    expect(sameBlog(blog([image]), blog([image, { id: 'b2', type: 'paragraph', data: { text: 'More' } }]))).toBe(false);
    expect(sameBlog(blog([image]), blog([image], { title: 'Ridge walk in May' }))).toBe(false);
    expect(sameBlog(blog([image]), blog([image], { tags: ['hiking', 'travel'] }))).toBe(false);
    expect(sameBlog(blog([image]), blog([image], { des: 'A day out' }))).toBe(false);
    expect(sameBlog(blog([image]), blog([image], { banner: '/uploads/y.jpg' }))).toBe(false);
  });
});
