import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PagedBlogList } from '../../components/paged-blog-list.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { searchBlogsOptions } from '../../lib/blog-lists.ts';
import { defineIsland } from '../../lib/island.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useWideScreen } from '../../lib/use-media-query.ts';
import { MatchedUsers } from './components/matched-users.tsx';

/**
 * docs/product/screens.md Search: matching blogs, and matching accounts beside them on wide screens
 * or behind a tab. The results of `query`, an island of the server-rendered page, whole (its tabs
 * and Load More).
 */
function SearchResults({ query }: { query: string }) {
  usePageTitle(`Search results for "${query}"`);
  const wide = useWideScreen();
  const [tab, setTab] = useState(0);
  const tabs = [{ label: `Search Results from "${query}"`, panel: <SearchedBlogs query={query} /> }];
  if (!wide) tabs.push({ label: 'Accounts Matched', panel: <MatchedUsers query={query} /> });

  return (
    <section className="flex justify-center gap-10 px-[5vw] py-6">
      <h1 className="sr-only">Search results for "{query}"</h1>
      <div className="min-w-0 flex-1">
        <Tabs label="Search results" tabs={tabs} active={tab} onSelect={setTab} />
      </div>
      {wide && (
        <aside
          aria-labelledby="accounts-matched"
          className="w-[40%] max-w-[400px] flex-none border-l border-neutral-100 pt-3 pl-8"
        >
          <h2 id="accounts-matched" className="mb-4 text-xl font-medium">
            Accounts Matched
          </h2>
          <MatchedUsers query={query} />
        </aside>
      )}
    </section>
  );
}

export const SearchPage = defineIsland('search', SearchResults);

/** Blogs matching the query, most relevant first; a failure is only logged (docs/product/rules.md). */
function SearchedBlogs({ query }: { query: string }) {
  const blogs = useInfiniteQuery(searchBlogsOptions({ query }));
  useEffect(() => {
    if (blogs.error) console.error(blogs.error);
  }, [blogs.error]);
  return <PagedBlogList query={blogs} empty="No blogs published" />;
}
