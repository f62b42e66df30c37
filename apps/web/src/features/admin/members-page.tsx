import { useState, type FormEvent } from 'react';
import { countOf, type Member } from '@inkwell/contracts';
import { formatDate } from '../../lib/format-date.ts';
import { useMembers } from './api/staff.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { MemberActions } from './components/member-actions.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { MemberIdentity } from './components/member-identity.tsx';

/** Members, newest first, searchable; each with the actions the viewer may take on them. */
export function MembersPage() {
  const [query, setQuery] = useState('');
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(String(new FormData(event.currentTarget).get('query') ?? '').trim());
  };
  return (
    <AdminLayout title="Members">
      <form role="search" onSubmit={onSearch} className="mb-6 flex max-w-[550px] gap-3">
        <label htmlFor="member-search" className="sr-only">
          Search members by username, name or e-mail
        </label>
        <input
          id="member-search"
          name="query"
          type="search"
          placeholder="Username, name or e-mail"
          className="input-box"
        />
        <button type="submit" className="btn-dark">
          Search
        </button>
      </form>
      <MemberList query={query} />
    </AdminLayout>
  );
}

function MemberList({ query }: { query: string }) {
  const members = useMembers(query);
  if (members.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (members.isError) return <p role="alert">{members.error.message}</p>;
  const list = members.data.pages.flatMap((page) => page.members);
  if (list.length === 0) return <p className="text-neutral-600">No member matches “{query}”.</p>;
  return (
    <>
      <p className="mb-2 text-neutral-600" aria-live="polite">
        {members.data.pages.at(-1)!.totalDocs} {query ? 'matching' : 'in all'}
      </p>
      <ul>
        {list.map((member) => (
          <MemberRow key={member._id} member={member} />
        ))}
      </ul>
      <LoadMoreButton query={members} />
    </>
  );
}

const ROLE_NAMES = { owner: 'Owner', admin: 'Admin', moderator: 'Moderator', member: 'Member' } as const;
const STANDING_NAMES = { active: '', silenced: 'Silenced', suspended: 'Suspended' } as const;

function MemberRow({ member }: { member: Member }) {
  return (
    <li className="border-b border-neutral-100 py-4">
      <div className="flex flex-wrap items-start gap-4">
        <img src={member.profile_img} alt="" className="h-12 w-12 rounded-full" referrerPolicy="no-referrer" />
        <div className="min-w-0 flex-1">
          <MemberIdentity member={member} />
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            <span className="rounded-full bg-neutral-100 px-2 py-1">{ROLE_NAMES[member.role]}</span>
            <span className="rounded-full bg-neutral-100 px-2 py-1">
              {member.trusted ? 'Trusted' : 'Not yet trusted'}
            </span>
            {member.standing !== 'active' && (
              <span className="rounded-full bg-red-50 px-2 py-1 text-red-700">{STANDING_NAMES[member.standing]}</span>
            )}
            <span className="text-neutral-600">
              Joined {formatDate(member.joinedAt)} · {countOf(member.total_posts, 'blog')}
            </span>
          </p>
        </div>
      </div>
      <MemberActions member={member} />
    </li>
  );
}
