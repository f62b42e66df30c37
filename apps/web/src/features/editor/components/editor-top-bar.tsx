import { Link } from 'react-router';
import { EditorMessages } from '@inkwell/contracts';
import { HistoryIcon } from '../../../components/icons.tsx';
import { LogoMark } from '../../../components/logo-mark.tsx';
import { useSite } from '../../../lib/site.ts';

/**
 * The writing state's bar: home link, the blog's title, Publish and Save Draft, and for a blog
 * already saved its Revision history. A blog that is `published` says so, and its main action
 * updates it in place.
 */
export function EditorTopBar({
  title,
  published,
  saving,
  onPublish,
  onSaveDraft,
  onHistory,
}: {
  title: string;
  published: boolean;
  saving: boolean;
  onPublish: () => void;
  onSaveDraft: () => void;
  onHistory?: () => void;
}) {
  const { name } = useSite();
  return (
    <nav className="sticky top-0 z-20 flex h-[72px] items-center gap-3 border-b border-neutral-100 bg-white px-[5vw] sm:gap-6">
      <Link to="/" className="flex-none" aria-label={`${name} home`}>
        <LogoMark />
      </Link>
      <div className="flex w-full min-w-0 items-center gap-x-3 max-sm:flex-col max-sm:items-start">
        <p className="line-clamp-1 min-w-0 text-neutral-900 max-sm:text-sm" data-testid="editor-title">
          {title.trim() || EditorMessages.newBlog}
        </p>
        {published && (
          <p className="max-w-full flex-none truncate rounded-full border-neutral-300 text-xs leading-5 text-neutral-700 sm:border sm:px-2">
            Published
          </p>
        )}
      </div>
      <div className="ml-auto flex flex-none gap-2 sm:gap-4">
        {onHistory && (
          <button type="button" className="btn-light flex items-center gap-2 py-2 max-sm:px-2.5" onClick={onHistory}>
            <HistoryIcon />
            <span className="max-lg:sr-only">Revision history</span>
          </button>
        )}
        <button type="button" className="btn-dark py-2 max-sm:px-3" onClick={onPublish} disabled={saving}>
          {published ? 'Update' : 'Publish'}
        </button>
        <button type="button" className="btn-light py-2 max-sm:px-3" onClick={onSaveDraft} disabled={saving}>
          Save Draft
        </button>
      </div>
    </nav>
  );
}
