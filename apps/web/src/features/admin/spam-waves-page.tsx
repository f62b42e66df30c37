import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  countOf,
  BULK_ACTIONS,
  bulkDeleteConfirmation,
  Limits,
  STANDINGS,
  type BulkActionKind,
  type Member,
  type MemberFilter,
  type SignUpMethod,
  type Standing,
} from '@inkwell/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { formError, formSettled } from '../../lib/notify.ts';
import {
  useBulkAction,
  useBulkActions,
  useMembersMatching,
  useReloadMatching,
  useStartBulkAction,
} from './api/spam-waves.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { MemberIdentity } from './components/member-identity.tsx';

/** How each standing reads, as a button, as it runs, and done. */
const WORDS: Record<BulkActionKind, { verb: string; running: string; done: string }> = {
  silenced: { verb: 'Silence', running: 'Silencing', done: 'silenced' },
  suspended: { verb: 'Suspend', running: 'Suspending', done: 'suspended' },
  active: { verb: 'Restore', running: 'Restoring', done: 'restored' },
  delete: { verb: 'Delete', running: 'Deleting', done: 'deleted' },
};

/** What each bulk action does to every member, said before it is confirmed. */
const CONSEQUENCES: Record<BulkActionKind, string> = {
  silenced:
    'They can still read, but not publish, comment, like or follow, and their blogs leave every list. Each is told why.',
  suspended:
    'Each is signed out everywhere and cannot sign in until restored; their profiles and blogs disappear. Each is told why.',
  active: 'Each gets back their standing, and their blogs their readers. Each is told why.',
  delete: 'Their accounts, blogs, comments, likes and follows go for good, and cannot be brought back.',
};

const members = (n: number) => countOf(n, 'member');

/**
 * Spam waves, for admins: find the members a filter matches (never staff), look at them, then
 * silence, suspend or restore them all, and watch the bulk action work through them.
 */
export function SpamWavesPage() {
  return (
    <AdminLayout title="Spam waves">
      <SpamWaves />
    </AdminLayout>
  );
}

/** The screen once the list of bulk actions has loaded: a moderator is refused it, and told so instead. */
function SpamWaves() {
  const [filter, setFilter] = useState<MemberFilter>();
  const [started, setStarted] = useState<string>();
  const recent = useBulkActions();
  if (recent.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (recent.isError) return <p role="alert">{recent.error.message}</p>;
  return (
    <>
      <FilterForm onFilter={setFilter} />
      {started && <Progress id={started} />}
      {filter && <Preview filter={filter} onStarted={setStarted} />}
      <RecentBulkActions />
    </>
  );
}

function FilterForm({ onFilter }: { onFilter: (filter: MemberFilter) => void }) {
  // Finding the same members again asks again: the count may have moved.
  const reloadMatching = useReloadMatching();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const number = (name: string) => {
      const given = text(name);
      return given === undefined ? undefined : Number(given);
    };
    reloadMatching();
    onFilter({
      query: text('query') ?? '',
      standing: (text('standing') ?? 'active') as Standing,
      joinedFrom: text('joinedFrom'),
      joinedTo: text('joinedTo'),
      method: text('method') as SignUpMethod | undefined,
      verified: text('verified') === undefined ? undefined : text('verified') === 'yes',
      blogsMin: number('blogsMin'),
      blogsMax: number('blogsMax'),
      commentsMin: number('commentsMin'),
      commentsMax: number('commentsMax'),
    });
  };
  return (
    <form onSubmit={onSubmit} className="mb-8" aria-label="Find members">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Username, name or e-mail">
          <input name="query" type="search" maxLength={Limits.searchQueryMax} className="input-box w-full" />
        </Field>
        <Field label="Standing">
          <select name="standing" className="input-box w-full py-2" defaultValue="active">
            {STANDINGS.map((standing) => (
              <option key={standing} value={standing}>
                {standing === 'active' ? 'Active' : standing === 'silenced' ? 'Silenced' : 'Suspended'}
              </option>
            ))}
          </select>
        </Field>
        <Range legend="Joined (UTC days, both included)" name="joined" type="date" from="From" to="To" />
        <Field label="Signed up with">
          <select name="method" className="input-box w-full py-2" defaultValue="">
            <option value="">Any way</option>
            <option value="password">A password</option>
            <option value="google">Google</option>
          </select>
        </Field>
        <Field label="E-mail address">
          <select name="verified" className="input-box w-full py-2" defaultValue="">
            <option value="">Confirmed or not</option>
            <option value="yes">Confirmed</option>
            <option value="no">Not confirmed</option>
          </select>
        </Field>
        <Range legend="Published blogs" name="blogs" type="number" from="At least" to="At most" />
        <Range legend="Comments written" name="comments" type="number" from="At least" to="At most" />
      </div>
      <p className="mt-4 text-sm text-neutral-600">Staff are never found, whatever the filter.</p>
      <button type="submit" className="btn-dark mt-4 px-10">
        Find members
      </button>
    </form>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block">
      <span className="mb-1 block text-neutral-600">{label}</span>
      {children}
    </label>
  );
}

/** Two inputs, `<name>From`/`<name>To` for dates and `<name>Min`/`<name>Max` for counts. */
function Range({
  legend,
  name,
  type,
  from,
  to,
}: {
  legend: string;
  name: string;
  type: 'date' | 'number';
  from: string;
  to: string;
}) {
  const [low, high] = type === 'date' ? ['From', 'To'] : ['Min', 'Max'];
  const input = (suffix: string, label: string) => (
    <label className="min-w-0 flex-1">
      <span className="mb-1 block text-sm text-neutral-600">{label}</span>
      <input
        name={`${name}${suffix}`}
        type={type}
        className="input-box w-full"
        {...(type === 'number' && { min: 0, step: 1, inputMode: 'numeric' as const })}
      />
    </label>
  );
  return (
    // A fieldset is as wide as its content by default: min-w-0 lets it fit a phone.
    <fieldset className="min-w-0">
      <legend className="mb-1 text-neutral-600">{legend}</legend>
      <div className="flex gap-3">
        {input(low!, from)}
        {input(high!, to)}
      </div>
    </fieldset>
  );
}

function Preview({ filter, onStarted }: { filter: MemberFilter; onStarted: (id: string) => void }) {
  const matching = useMembersMatching(filter);
  const headingId = useId();
  if (matching.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (matching.isError) return <p role="alert">{matching.error.message}</p>;
  const total = matching.data.pages.at(-1)!.totalDocs;
  const list = matching.data.pages.flatMap((page) => page.members);
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <h2 id={headingId} className="mb-4 text-xl" aria-live="polite">
        {total === 0 ? 'No member matches' : `${members(total)} match`}
      </h2>
      {total > 0 && <BulkForm filter={filter} total={total} onStarted={onStarted} />}
      <ul>
        {list.map((member) => (
          <MemberLine key={member._id} member={member} />
        ))}
      </ul>
      <LoadMoreButton query={matching} />
    </section>
  );
}

function MemberLine({ member }: { member: Member }) {
  return (
    <li className="border-b border-neutral-100 py-3">
      <MemberIdentity member={member} />
      <p className="text-sm text-neutral-600">
        Joined {formatDate(member.joinedAt)} · {countOf(member.total_posts, 'blog')}
      </p>
    </li>
  );
}

/** The reason, a button per action the matched members may be given, and the confirmation that names how many. */
function BulkForm({
  filter,
  total,
  onStarted,
}: {
  filter: MemberFilter;
  total: number;
  onStarted: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState<{ kind: BulkActionKind; reason: string }>();
  const start = useStartBulkAction({
    onSuccess: ({ bulkAction }) => {
      formSettled('bulk-action');
      setConfirming(undefined);
      onStarted(bulkAction._id);
    },
    onError: (error) => {
      formError('bulk-action', error.message);
      setConfirming(undefined);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const kind = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as BulkActionKind;
    setConfirming({ kind, reason: String(new FormData(event.currentTarget).get('reason') ?? '') });
  };
  const confirmation = bulkDeleteConfirmation(total);
  const run = ({ kind, reason }: { kind: BulkActionKind; reason: string }) =>
    start.mutate(
      kind === 'delete'
        ? { kind, filter, reason, expected: total, confirm: confirmation }
        : { kind: 'standing', filter, standing: kind, reason, expected: total },
    );
  return (
    <form onSubmit={onSubmit} className="mb-6 rounded-md border border-neutral-100 p-4">
      <label className="mb-4 block">
        <span className="mb-1 block text-neutral-600">Reason (told to each member, kept in the log)</span>
        <textarea name="reason" maxLength={Limits.moderationReasonMax} rows={2} className="input-box w-full" />
      </label>
      <div className="flex flex-wrap gap-3">
        {BULK_ACTIONS.filter((kind) => kind !== filter.standing).map((kind) => (
          <button
            key={kind}
            type="submit"
            value={kind}
            className={`btn-light ${kind === 'delete' ? 'text-red-700' : ''}`}
            disabled={!!confirming}
          >
            {WORDS[kind].verb} all {total}
          </button>
        ))}
      </div>
      {confirming && (
        <ConfirmDialog
          className="mt-4"
          confirmLabel={`${WORDS[confirming.kind].verb} all ${total}`}
          busy={start.isPending}
          typeToConfirm={confirming.kind === 'delete' ? confirmation : undefined}
          onConfirm={() => run(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          {WORDS[confirming.kind].verb} all {members(total)}? {CONSEQUENCES[confirming.kind]}
        </ConfirmDialog>
      )}
    </form>
  );
}

/** The bulk action just started, its bar moving until every member is done. */
function Progress({ id }: { id: string }) {
  const action = useBulkAction(id);
  const headingId = useId();
  if (!action.data) return null;
  const { action: kind, done, total, status } = action.data.bulkAction;
  return (
    <section aria-labelledby={headingId} className="mb-10 rounded-md border border-neutral-100 p-4">
      <h2 id={headingId} className="mb-3 text-xl">
        {WORDS[kind].running} {members(total)}
      </h2>
      <progress max={total} value={done} aria-labelledby={headingId} className="h-3 w-full accent-accent" />
      <p className="mt-2 text-neutral-700">
        {done} of {total} done
      </p>
      <p role="status" className="mt-1 font-medium">
        {status === 'done' ? `Done: ${members(total)} ${WORDS[kind].done}.` : ''}
      </p>
    </section>
  );
}

function RecentBulkActions() {
  const recent = useBulkActions();
  const headingId = useId();
  const list = recent.data?.pages.flatMap((page) => page.bulkActions) ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-xl">
        Recent bulk actions
      </h2>
      <ul>
        {list.map((action) => (
          <li key={action._id} className="border-b border-neutral-100 py-3">
            <p>
              <span className="font-medium">
                {WORDS[action.action].verb} {members(action.total)}
              </span>{' '}
              <span className="text-neutral-600">
                by @{action.createdBy} on <time dateTime={action.createdAt}>{formatDate(action.createdAt)}</time> ·{' '}
                {action.status === 'done' ? 'done' : `${action.done} of ${action.total} done`}
              </span>
            </p>
            {action.reason && <p className="mt-1 text-neutral-700">“{action.reason}”</p>}
          </li>
        ))}
      </ul>
      <LoadMoreButton query={recent} />
    </section>
  );
}
