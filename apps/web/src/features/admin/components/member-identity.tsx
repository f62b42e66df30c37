import { Link } from 'react-router';
import { profilePath, type Member } from '@inkwell/contracts';

/** Who a member is, as the staff's screens name them: their name (to their profile), @username and e-mail. */
export function MemberIdentity({ member }: { member: Pick<Member, 'fullname' | 'username' | 'email'> }) {
  return (
    <>
      <p className="font-medium">
        <Link to={profilePath(member.username)} className="underline-offset-2 hover:underline">
          {member.fullname}
        </Link>{' '}
        <span className="text-neutral-600">@{member.username}</span>
      </p>
      <p className="break-all text-neutral-700">{member.email}</p>
    </>
  );
}
