import type { Blog } from '@inkwell/contracts';

export interface CommentsPanelProps {
  blog: Blog;
  open: boolean;
  onClose: () => void;
}

/** Placeholder until the conversation feature lands. */
export function CommentsPanel({ open, onClose }: CommentsPanelProps) {
  if (!open) return null;
  return (
    <aside aria-label="Comments" className="fixed top-0 right-0 z-50 h-full w-full bg-white p-8 shadow-2xl sm:w-[30%] sm:min-w-[350px]">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </aside>
  );
}
