import { expect, it } from 'vitest';
import { loadingOnce, readAhead, readAheadOf, readOnce } from './read-once.ts';

/** A read that counts how often it was sent. */
function counted() {
  let sent = 0;
  return { read: () => readOnce('blog 42', async () => ++sent), sent: () => sent };
}

it('sends a read asked for twice within one load once, each asker getting its answer', async () => {
  const blog = counted();
  expect(await loadingOnce(() => Promise.all([blog.read(), blog.read()]))).toEqual([1, 1]);
  expect(blog.sent()).toBe(1);
});

it('sends it again in another load, and every time outside one', async () => {
  const blog = counted();
  await loadingOnce(blog.read);
  await loadingOnce(blog.read);
  await blog.read();
  await blog.read();
  expect(blog.sent()).toBe(4);
});

it('answers the reads of each key from one read ahead, and sends none outside a load', async () => {
  let sent = 0;
  const both = async () => ({ blog: ++sent, similar: [sent] });
  const answers = await loadingOnce(async () => {
    readAhead(both, { 'blog 42': (answer) => answer.blog, 'similar 42': (answer) => answer.similar });
    return [await readOnce('blog 42', async () => -1), await readAheadOf('similar 42'), readAheadOf('other')];
  });
  expect(answers).toEqual([1, [1], undefined]);
  expect(sent).toBe(1);
  readAhead(both, { 'blog 42': (answer) => answer.blog });
  expect(sent).toBe(1);
  // Within a load where every key was asked already, nothing either.
  await loadingOnce(async () => {
    await readOnce('blog 42', async () => 0);
    readAhead(both, { 'blog 42': (answer) => answer.blog });
    expect(await readOnce('blog 42', async () => -1)).toBe(0);
  });
  expect(sent).toBe(1);
});

it('fails whoever takes a failed read ahead, and nobody else', async () => {
  const failed = () => Promise.reject(new Error('the database went away'));
  await loadingOnce(async () => {
    readAhead(failed, { 'blog 42': () => 1, 'similar 42': () => [] });
    // 'similar 42' is never taken: its failure must not surface as an unhandled rejection.
    await expect(readOnce('blog 42', async () => 2)).rejects.toThrow('the database went away');
  });
});
