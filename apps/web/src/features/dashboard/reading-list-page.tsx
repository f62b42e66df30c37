import { BookmarkIcon } from '../../components/icons.tsx';
import { PagedBlogList } from '../../components/paged-blog-list.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useReadingList } from './api/reading-list.ts';
import { RemoveSavedButton } from './components/remove-saved-button.tsx';

/** The blogs the reader saved from blog pages, newest save first, each with Remove. */
export function ReadingListPage() {
  usePageTitle('Reading list');
  const blogs = useReadingList();
  return (
    <>
      <h1 className="mb-6 text-2xl max-md:sr-only">Reading list</h1>
      {blogs.isError ? (
        <p role="alert" className="py-6">
          Could not load your reading list. Please try again.
        </p>
      ) : (
        <PagedBlogList query={blogs} empty={<NothingSaved />} actions={(blog) => <RemoveSavedButton blog={blog} />} />
      )}
    </>
  );
}

function NothingSaved() {
  return (
    <div className="mt-4 rounded-md bg-neutral-100 p-6 text-center text-neutral-700">
      <p className="text-lg font-medium text-neutral-900">Nothing saved yet</p>
      <p className="mt-2">
        Press <BookmarkIcon className="inline" width={18} height={18} />{' '}
        <span className="sr-only">Save to reading list</span> on a blog to read it later; it waits for you here.
      </p>
    </div>
  );
}
