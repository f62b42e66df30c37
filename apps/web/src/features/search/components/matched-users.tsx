import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EmptyMessage } from '../../../components/paged-blog-list.tsx';
import { searchUsersQuery } from '../api/search-users.ts';
import { UserCard } from './user-card.tsx';

/** Accounts whose username or name matches; a failure is only logged (docs/product/rules.md). */
export function MatchedUsers({ query }: { query: string }) {
  const users = useQuery(searchUsersQuery(query));
  useEffect(() => {
    if (users.error) console.error(users.error);
  }, [users.error]);
  if (users.isPending) {
    return (
      <div role="status" aria-label="Loading accounts" className="animate-pulse space-y-4 py-3">
        {[1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-4">
            <div className="h-14 w-14 rounded-full bg-neutral-100" />
            <div className="h-4 w-40 rounded bg-neutral-100" />
          </div>
        ))}
      </div>
    );
  }
  if (!users.data) return null;
  if (users.data.length === 0) return <EmptyMessage>No users found</EmptyMessage>;
  return (
    <ul aria-label="Accounts">
      {users.data.map((user) => (
        <li key={user.personal_info.username}>
          <UserCard user={user} />
        </li>
      ))}
    </ul>
  );
}
