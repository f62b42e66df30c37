import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { countOf } from '@inkwell/contracts';
import { SearchIcon } from '../../components/icons.tsx';
import { EmptyMessage } from '../../components/paged-blog-list.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { subscriberCountQuery } from '../subscriptions/index.ts';
import { loadedItems } from '../../lib/paged-list.ts';
import { useOwnBlogs } from './api/own-blogs.ts';
import { OwnBlogCard } from './components/own-blog-card.tsx';

const TABS = [
  { label: 'Published Blogs', draft: false, empty: 'No published blogs' },
  { label: 'Drafts', draft: true, empty: 'No drafts' },
] as const;

/** The author's own blogs (reached from the profile menu's Dashboard): search, tabs, Load More. */
export function DashboardBlogsPage() {
  usePageTitle('Manage Blogs');
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState(0);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') setQuery(event.currentTarget.value.trim());
  };

  return (
    <>
      <h1 className="mb-2 text-2xl max-md:sr-only">Manage Blogs</h1>
      <SubscriberCount />
      <div className="relative mb-8 max-md:mt-2">
        <input
          type="search"
          aria-label="Search your blogs"
          placeholder="Search your blogs"
          className="w-full rounded-full bg-neutral-100 p-4 pl-12 placeholder:text-neutral-500"
          onKeyDown={onSearchKey}
          onChange={(e) => !e.currentTarget.value && setQuery('')}
        />
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-neutral-500" />
      </div>
      <div role="tablist" aria-label="Your blogs" className="mb-2 flex border-b border-neutral-100">
        {TABS.map((t, i) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={tab === i}
            className={`px-5 py-3 capitalize ${tab === i ? 'border-b-2 border-accent text-neutral-900' : 'text-neutral-500'}`}
            onClick={() => setTab(i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS[tab]!.label}>
        <OwnBlogList
          key={`${tab}:${query}`}
          draft={TABS[tab]!.draft}
          query={query}
          empty={query ? `No blogs match “${query}”` : TABS[tab]!.empty}
        />
      </div>
    </>
  );
}

/** How many readers get the author's new blogs by e-mail (confirmed ones; never who). */
function SubscriberCount() {
  const count = useQuery(subscriberCountQuery());
  if (!count.data) return <p className="mb-6 h-6" />;
  const n = count.data.subscribers;
  return <p className="mb-6 text-neutral-700">{countOf(n, 'subscriber')} by e-mail</p>;
}

function OwnBlogList({ draft, query, empty }: { draft: boolean; query: string; empty: string }) {
  const blogs = useOwnBlogs(draft, query);
  if (blogs.isPending) return <p className="py-6 text-neutral-500">Loading…</p>;
  if (blogs.isError)
    return (
      <p role="alert" className="py-6">
        Could not load your blogs. Please try again.
      </p>
    );
  const list = loadedItems(blogs.data);
  if (list.length === 0 && !blogs.hasNextPage) return <EmptyMessage>{empty}</EmptyMessage>;
  return (
    <>
      <ul>
        {list.map((blog) => (
          <OwnBlogCard key={blog.blog_id} blog={blog} />
        ))}
      </ul>
      {blogs.hasNextPage && (
        <button
          type="button"
          className="btn-light mt-6 flex items-center gap-2"
          onClick={() => void blogs.fetchNextPage()}
          disabled={blogs.isFetchingNextPage}
        >
          Load More
        </button>
      )}
    </>
  );
}
