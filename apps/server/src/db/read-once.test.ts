import { expect, it } from 'vitest';
import { loadingOnce, readOnce } from './read-once.ts';

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
