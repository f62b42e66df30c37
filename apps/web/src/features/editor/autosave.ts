import { useCallback, useEffect, useRef } from 'react';
import { z } from 'zod';
import { EditorOutput } from '@inkwell/contracts';
import { sameBlog, type EditorBlog } from './editor-blog.ts';

/** How long typing must pause before the copy is written. */
const AUTOSAVE_DELAY_MS = 500;

const StoredCopy = z.object({
  savedAt: z.number(),
  blog: z.object({
    title: z.string(),
    banner: z.string(),
    des: z.string(),
    tags: z.array(z.string()),
    content: EditorOutput,
  }),
});
export type StoredCopy = z.infer<typeof StoredCopy>;

/** One copy per user and per blog ('new' for a blog not saved yet), so accounts sharing a browser never mix. */
export const autosaveKey = (username: string, blogId: string | undefined) =>
  `inkwell:editor:${username}:${blogId ?? 'new'}`;

export function readCopy(key: string): StoredCopy | null {
  try {
    const parsed = StoredCopy.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function removeCopy(key: string) {
  localStorage.removeItem(key);
}

function writeCopy(key: string, blog: EditorBlog) {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), blog }));
  } catch (error) {
    // A full or blocked storage must not stop the writing; the server copy is still one Save away.
    console.warn('Could not keep a copy of the blog in this browser', error);
  }
}

/**
 * Keeps a copy of `blog` in localStorage while it differs from `loaded` (the blog as it was
 * opened), written once typing pauses and when the page is hidden or left. Nothing is written
 * before `loaded` is known, nor while `paused` (an older copy waits for Restore or Discard, and
 * is never overwritten unasked). Answers `finish`: drops the copy and stops writing (after a
 * successful save).
 */
export function useAutosave(key: string, blog: EditorBlog, loaded: EditorBlog | null, paused: boolean): () => void {
  const finished = useRef(false);
  const pending = useRef<EditorBlog | null>(null);

  const write = useCallback(
    (value: EditorBlog) => {
      pending.current = null;
      if (finished.current || !loaded) return;
      if (sameBlog(value, loaded)) removeCopy(key);
      else writeCopy(key, value);
    },
    [key, loaded],
  );

  useEffect(() => {
    if (paused || !loaded) return;
    pending.current = blog;
    const timer = setTimeout(() => write(blog), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blog, loaded, paused, write]);

  useEffect(() => {
    const flush = () => {
      if (pending.current) write(pending.current);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [write]);

  return useCallback(() => {
    finished.current = true;
    pending.current = null;
    removeCopy(key);
  }, [key]);
}
