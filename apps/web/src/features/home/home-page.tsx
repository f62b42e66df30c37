import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FollowMessages, Messages, topicPath } from '@inkwell/contracts';
import { Tabs, type Tab } from '../../components/tabs.tsx';
import { defineIsland } from '../../lib/island.tsx';
import { useAddress, useNavigate } from '../../lib/navigation.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { useWideScreen } from '../../lib/use-media-query.ts';
import { HomeBlogList } from './components/home-blog-list.tsx';
import { followingBlogsOptions } from './api/following-blogs.ts';
import { homeBlogsOptions } from './api/home-blogs.ts';
import { TopicButtons } from './components/topic-buttons.tsx';
import { TrendingBlogs } from './components/trending-blogs.tsx';

type TabName = 'home' | 'trending' | 'following';

/**
 * docs/product/screens.md Home: tabs 'home' (or the chosen topic) and 'trending blogs', and for a signed-in reader
 * 'following'. On wide screens the topics and the trending list stand beside the main list instead
 * of behind a tab. An island of the server-rendered page, whole: all of it is lists and buttons.
 */
function Home() {
  usePageTitle('Home');
  const wide = useWideScreen();
  // The topic is in the address (`/?tag=…`), so a topic's list can be linked to and is rendered by the server.
  const topic = useAddress().searchParams.get('tag') || null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useSession();
  // Chosen by name: the trending tab comes and goes with the screen's width, and following with the session.
  const [tab, setTab] = useState<TabName>('home');

  // A new topic starts its list again from page 1 (its own query); the active topic again means home.
  // The list left behind is dropped, as its gcTime of 0 does, since the one the page came with has the default.
  const toggleTopic = (tag: string) => {
    queryClient.removeQueries({ queryKey: homeBlogsOptions(topic).queryKey, exact: true });
    void navigate(topicPath(topic === tag ? null : tag));
    setTab('home');
  };

  const home = (
    <HomeBlogList
      options={homeBlogsOptions(topic)}
      failure={topic ? Messages.fetchCategoryFailed : Messages.fetchLatestFailed}
      empty="No blogs published"
    />
  );
  const tabs: (Tab & { name: TabName })[] = [{ name: 'home', label: topic ?? 'home', panel: home }];
  if (!wide) tabs.push({ name: 'trending', label: 'trending blogs', panel: <TrendingBlogs /> });
  if (session) {
    // The reader's own list: loaded in the browser, as the server renders pages for visitors.
    const following = (
      <HomeBlogList
        options={followingBlogsOptions(session.username)}
        failure={FollowMessages.fetchFollowingFailed}
        empty={FollowMessages.nothingFollowed}
      />
    );
    tabs.push({ name: 'following', label: 'following', panel: following });
  }
  const active = Math.max(
    0,
    tabs.findIndex((t) => t.name === tab),
  );

  return (
    <section className="flex justify-center gap-10 px-[5vw] py-6">
      <h1 className="sr-only">Home</h1>
      <div className="min-w-0 flex-1">
        {!wide && (
          <TopicButtons
            active={topic}
            onToggle={toggleTopic}
            className="-mx-[5vw] mb-4 overflow-x-auto px-[5vw] pt-1 pb-2"
          />
        )}
        <Tabs label="Blogs" tabs={tabs} active={active} onSelect={(index) => setTab(tabs[index]!.name)} />
      </div>
      {wide && (
        <aside className="w-[40%] max-w-[400px] flex-none border-l border-neutral-100 pt-3 pl-8">
          <h2 className="mb-6 text-xl font-medium">Stories from all interests</h2>
          <TopicButtons active={topic} onToggle={toggleTopic} className="flex-wrap" />
          <h2 className="mt-12 mb-2 text-xl font-medium">Trending</h2>
          <TrendingBlogs />
        </aside>
      )}
    </section>
  );
}

export const HomePage = defineIsland('home', Home);
