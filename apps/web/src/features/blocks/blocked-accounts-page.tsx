import { toast } from '../../lib/toast.ts';
import { Link } from 'react-router';
import { profilePath, type BlockedUser } from '@inkwell/contracts';
import { Avatar } from '../../components/avatar.tsx';
import { EmptyMessage } from '../../components/paged-blog-list.tsx';
import { loadedItems } from '../../lib/paged-list.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useBlock, useBlockedUsers } from './api/block.ts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';

/** The members the signed-in member blocked, newest first, each with Unblock (docs/product/screens.md). */
export function BlockedAccountsPage() {
  usePageTitle('Blocked accounts');
  const users = useBlockedUsers();
  const blocked = users.data ? loadedItems(users.data) : [];
  return (
    <>
      <h1 className="mb-6 text-2xl max-md:sr-only">Blocked accounts</h1>
      <p className="mb-6 max-w-[550px] text-neutral-700">
        Members you block cannot follow you, comment on your blogs or reply to your comments, and you do not see their
        comments. They are not told.
      </p>
      {users.isError && (
        <p role="alert" className="py-6">
          Could not load the accounts you blocked. Please try again.
        </p>
      )}
      {users.isPending && <p className="text-neutral-500">Loading…</p>}
      {users.isSuccess && blocked.length === 0 && !users.hasNextPage && (
        <EmptyMessage>You have not blocked anyone</EmptyMessage>
      )}
      {blocked.length > 0 && (
        <ul aria-label="Blocked accounts">
          {blocked.map((user) => (
            <BlockedAccount key={user.username} user={user} />
          ))}
        </ul>
      )}
      <LoadMoreButton query={users} />
    </>
  );
}

function BlockedAccount({ user }: { user: BlockedUser }) {
  const { username, fullname, profile_img } = user;
  const unblock = useBlock(username, {
    onSuccess: () => toast.success(`You unblocked @${username}`, { id: 'block' }),
    onError: (error) => toast.error(error.message),
  });
  return (
    <li className="flex items-center gap-4 border-b border-neutral-100 py-3">
      <Avatar src={profile_img} size={48} />
      <p className="min-w-0 flex-1">
        <span className="block truncate font-medium capitalize">{fullname}</span>
        <Link to={profilePath(username)} className="block truncate text-neutral-600 underline underline-offset-2">
          @{username}
        </Link>
      </p>
      <button
        type="button"
        className="btn-light flex-none px-5 py-2"
        onClick={() => unblock.mutate(false)}
        disabled={unblock.isPending || unblock.isSuccess}
      >
        Unblock<span className="sr-only"> @{username}</span>
      </button>
    </li>
  );
}
