import { useCallback, useRef, useState } from 'react';
import type { Comment } from '@inkwell/contracts';
import { nextPageStart } from '../../lib/paged-list.ts';

export type ListStatus = 'idle' | 'loading' | 'error';

interface CommentListOptions {
  /** One page from the server, starting after `skip` of its rows. */
  load: (skip: number) => Promise<Comment[]>;
  /** Top-level comments come newest first, replies oldest first. */
  newestFirst: boolean;
}

const byTime = (newestFirst: boolean) => (a: Comment, b: Comment) => {
  const order = a.commentedAt.localeCompare(b.commentedAt) || a._id.localeCompare(b._id);
  return newestFirst ? -order : order;
};

/**
 * A list of comments loaded a page at a time, with the reader's own additions shown at once. A page
 * may repeat a comment already shown (someone commented meanwhile), so pages merge by id in order.
 */
export function useCommentList({ load, newestFirst }: CommentListOptions) {
  const [items, setItems] = useState<Comment[]>([]);
  const [status, setStatus] = useState<ListStatus>('idle');
  const [loaded, setLoaded] = useState(false);
  // The reader's own additions not yet seen in a page: newest, so after the unloaded rows when oldest first.
  const local = useRef(new Set<string>());

  const merge = useCallback(
    (current: Comment[], more: Comment[]) => {
      const known = new Set(current.map((c) => c._id));
      return [...current, ...more.filter((c) => !known.has(c._id))].sort(byTime(newestFirst));
    },
    [newestFirst],
  );

  /** Loads the next page; answers whether it worked. */
  const loadMore = useCallback(async () => {
    const skip = nextPageStart(items, (c) => !newestFirst && local.current.has(c._id));
    setStatus('loading');
    try {
      const page = await load(skip);
      for (const c of page) local.current.delete(c._id);
      setItems((latest) => merge(latest, page));
      setStatus('idle');
      setLoaded(true);
      return true;
    } catch {
      setStatus('error');
      return false;
    }
  }, [items, load, merge, newestFirst]);

  const add = useCallback(
    (comment: Comment) => {
      local.current.add(comment._id);
      setItems((latest) => merge(latest, [comment]));
    },
    [merge],
  );

  const remove = useCallback((id: string) => {
    local.current.delete(id);
    setItems((latest) => latest.filter((c) => c._id !== id));
  }, []);

  /** `loaded`: a page has come at least once. */
  return { items, status, loaded, loadMore, add, remove };
}
