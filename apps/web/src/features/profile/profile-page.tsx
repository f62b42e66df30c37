import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NotFound } from '../../components/not-found.tsx';
import { isMissing } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { profileQuery } from './api/get-profile.ts';
import { ProfileIsland } from './profile-island.tsx';

/**
 * docs/product/screens.md Profile at /user/{username}; an unknown user, or a failed fetch, shows the
 * not-found page. Server-rendered, the profile is an island, whole (its follow, subscribe, tabs and
 * Load More).
 */
export function ProfilePage({ username }: { username: string }) {
  const profile = useQuery(profileQuery(username));
  usePageTitle(profile.data && `${profile.data.personal_info.fullname} (@${profile.data.personal_info.username})`);
  useEffect(() => {
    // An unknown user is an answer, not a failure; other failures are only logged (docs/product/rules.md).
    if (profile.error && !isMissing(profile.error)) console.error(profile.error);
  }, [profile.error]);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <NotFound />;
  return (
    <ProfileIsland
      key={profile.data._id}
      username={username}
      shownWithoutFetching={profile.isSuccess && !profile.isFetchedAfterMount}
    />
  );
}

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the profile"
      className="flex animate-pulse flex-col items-center gap-4 px-[5vw] py-10"
    >
      <div className="h-32 w-32 rounded-full bg-neutral-100" />
      <div className="h-6 w-48 rounded bg-neutral-200" />
      <div className="h-4 w-32 rounded bg-neutral-100" />
    </div>
  );
}
