import { profilePath, type UserCard as UserCardData } from '@inkwell/contracts';
import { Avatar } from '../../../components/avatar.tsx';
import { Link } from '../../../lib/navigation.tsx';

/** An account in search results, linking to its profile. */
export function UserCard({ user }: { user: UserCardData }) {
  const { fullname, username, profile_img } = user.personal_info;
  return (
    <Link to={profilePath(username)} className="flex items-center gap-4 py-3 hover:bg-neutral-50">
      <Avatar src={profile_img} size={56} />
      <span className="min-w-0">
        <span className="block truncate font-medium">{fullname}</span>
        <span className="block truncate text-neutral-500">@{username}</span>
      </span>
    </Link>
  );
}
