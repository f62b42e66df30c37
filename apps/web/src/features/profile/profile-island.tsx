import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { countOf, formatCount, type UserProfile } from '@inkwell/contracts';
import { Avatar } from '../../components/avatar.tsx';
import { PagedBlogList } from '../../components/paged-blog-list.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { useAskAgainAsReader } from '../../lib/ask-again-as-reader.ts';
import { searchBlogsOptions } from '../../lib/blog-lists.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { defineIsland } from '../../lib/island.tsx';
import { Link } from '../../lib/navigation.tsx';
import { useSession } from '../../lib/session.tsx';
import { useWideScreen } from '../../lib/use-media-query.ts';
import { SubscribeControl } from '../subscriptions/index.ts';
import { profileQuery } from './api/get-profile.ts';
import { VisitorFollowButton } from './components/visitor-follow-button.tsx';

/** A signed-in reader's controls (Block and Report among them), loaded once a session shows. */
const MemberControls = lazy(() =>
  import('./components/member-controls.tsx').then((m) => ({ default: m.MemberControls })),
);
/** Bio, links and joining date: beside the list on a wide screen, behind a tab on a phone (where it loads when opened). */
const AboutUser = lazy(() => import('./components/about-user.tsx').then((m) => ({ default: m.AboutUser })));

/**
 * A profile and the author's published blogs, an island; `shownWithoutFetching`: the profile came
 * with the page (the server's, or an earlier visit's), so its reader, once signed in, asks again.
 */
function Profile({ username, shownWithoutFetching }: { username: string; shownWithoutFetching: boolean }) {
  const asked = useQuery(profileQuery(username));
  // Its counts: the follower count as its signed-in reader's own follow leaves it.
  useAskAgainAsReader(asked.refetch, shownWithoutFetching);
  return asked.data ? <ProfileShown profile={asked.data} /> : null;
}

export const ProfileIsland = defineIsland('profile', Profile);

function ProfileShown({ profile }: { profile: UserProfile }) {
  const { session } = useSession();
  const wide = useWideScreen();
  const [tab, setTab] = useState(0);
  const { username, fullname, profile_img } = profile.personal_info;
  const { total_posts, total_reads, total_followers, total_following } = profile.account_info;
  const isOwner = session?.username.toLowerCase() === username.toLowerCase();
  const hydrated = useHydrated();

  const about = (className?: string) => (
    <Suspense>
      <AboutUser profile={profile} className={className} />
    </Suspense>
  );
  const tabs = [{ label: 'Blogs Published', panel: <AuthorBlogs username={username} /> }];
  if (!wide) tabs.push({ label: 'About', panel: about() });

  return (
    <section className="flex gap-10 px-[5vw] py-6 max-md:flex-col md:flex-row-reverse md:items-start">
      <div className="flex flex-col gap-4 max-md:items-center md:sticky md:top-[100px] md:w-[40%] md:max-w-[400px] md:flex-none md:border-l md:border-neutral-100 md:py-4 md:pl-8">
        <Avatar src={profile_img} size={128} />
        <h1 className="text-2xl font-medium break-all">@{username}</h1>
        <p className="text-xl capitalize">{fullname}</p>
        <p className="text-neutral-700">
          {countOf(total_posts, 'Blog')} - {countOf(total_reads, 'Read')}
        </p>
        <p className="text-neutral-700" data-testid="follow-counts">
          {countOf(total_followers, 'Follower')} - {formatCount(total_following)} Following
        </p>
        {isOwner ? (
          <Link to="/settings/edit-profile" className="btn-light w-fit rounded-md">
            Edit Profile
          </Link>
        ) : (
          <div className="flex flex-col gap-4 max-md:items-center">
            {hydrated && session ? (
              // The Follow button the server rendered for everyone stands while they load.
              <Suspense fallback={<VisitorFollowButton username={username} waiting />}>
                <MemberControls username={username} />
              </Suspense>
            ) : (
              <>
                <VisitorFollowButton username={username} />
                <SubscribeControl username={username} />
              </>
            )}
          </div>
        )}
        {wide && about('mt-4')}
      </div>
      <div className="min-w-0 flex-1">
        <Tabs label="Profile" tabs={tabs} active={tab} onSelect={setTab} />
      </div>
    </section>
  );
}

/** The user's published blogs, newest first, a page at a time. */
function AuthorBlogs({ username }: { username: string }) {
  const blogs = useInfiniteQuery(searchBlogsOptions({ author: username }));
  useEffect(() => {
    if (blogs.error) console.error(blogs.error);
  }, [blogs.error]);
  return <PagedBlogList query={blogs} empty="No blogs published" />;
}
