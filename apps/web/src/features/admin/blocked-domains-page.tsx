import { useState, type FormEvent } from 'react';
import { Limits, type BlockedDomain } from '@inkwell/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { useBlockDomain, useBlockedDomains, useUnblockDomain } from './api/staff.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';

/** The fediverse's blocked domains, for admins: block one, and the list, each with Unblock. */
export function BlockedDomainsPage() {
  return (
    <AdminLayout title="Blocked domains">
      <DomainsScreen />
    </AdminLayout>
  );
}

/** The form and the list once the list has loaded: a moderator is refused it, and told so instead. */
function DomainsScreen() {
  const domains = useBlockedDomains();
  if (domains.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (domains.isError) return <p role="alert">{domains.error.message}</p>;
  const list = domains.data.pages.flatMap((page) => page.domains);
  return (
    <>
      <BlockForm />
      {list.length === 0 ? (
        <p className="text-neutral-600">No domain is blocked.</p>
      ) : (
        <>
          <p className="mb-2 text-neutral-600" aria-live="polite">
            {domains.data.pages.at(-1)!.totalDocs} blocked
          </p>
          <ul>
            {list.map((blocked) => (
              <DomainRow key={blocked.domain} blocked={blocked} />
            ))}
          </ul>
          <LoadMoreButton query={domains} />
        </>
      )}
    </>
  );
}

function BlockForm() {
  const block = useBlockDomain({
    onMutate: () => formProgress('block-domain', 'Blocking…'),
    onSuccess: ({ domain }) => formSuccess('block-domain', `${domain} blocked`),
    onError: (error) => formError('block-domain', error.message),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // The server says what is not a domain, in the same words whoever calls it.
    block.mutate(
      { domain: String(data.get('domain') ?? ''), reason: String(data.get('reason') ?? '') },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <form onSubmit={onSubmit} className="mb-8 max-w-[550px]">
      <label className="mb-4 block">
        <span className="mb-1 block text-neutral-600">Domain, or an address on it</span>
        <input
          name="domain"
          maxLength={Limits.domainInputMax}
          placeholder="spam.example"
          autoComplete="off"
          spellCheck={false}
          className="input-box w-full"
        />
      </label>
      <label className="mb-6 block">
        <span className="mb-1 block text-neutral-600">Reason (kept in the moderation log)</span>
        <input name="reason" maxLength={Limits.moderationReasonMax} className="input-box w-full" />
      </label>
      <p className="mb-6 text-sm text-neutral-600">
        A block covers the domain’s subdomains too. Nothing is taken from its servers or sent to them, and its followers
        are dropped.
      </p>
      <button type="submit" className="btn-dark px-10" disabled={block.isPending}>
        Block
      </button>
    </form>
  );
}

function DomainRow({ blocked: { domain, reason, createdAt } }: { blocked: BlockedDomain }) {
  const [confirming, setConfirming] = useState(false);
  const toast = `unblock-${domain}`;
  const unblock = useUnblockDomain({
    onMutate: () => formProgress(toast, 'Unblocking…'),
    onSuccess: () => formSuccess(toast, `${domain} unblocked`),
    onError: (error) => {
      formError(toast, error.message);
      setConfirming(false);
    },
  });
  // Still unblocking once unblocked, until the row leaves the list.
  const unblocking = unblock.isPending || unblock.isSuccess;

  return (
    <li className="border-b border-neutral-100 py-4">
      <p className="break-all font-medium">{domain}</p>
      {reason && <p className="mt-1 text-neutral-700">“{reason}”</p>}
      <p className="mt-1 text-sm text-neutral-600">
        Blocked on <time dateTime={createdAt}>{formatDate(createdAt)}</time>
      </p>
      <button
        type="button"
        className="btn-light mt-3 py-1.5 text-sm"
        disabled={confirming}
        onClick={() => setConfirming(true)}
      >
        Unblock<span className="sr-only"> {domain}</span>
      </button>
      {confirming && (
        <ConfirmDialog
          className="mt-4"
          confirmLabel="Unblock"
          busy={unblocking}
          onConfirm={() => unblock.mutate({ domain, reason: '' })}
          onCancel={() => setConfirming(false)}
        >
          Unblock {domain}? Its servers may follow your authors again; the followers dropped when it was blocked are not
          brought back.
        </ConfirmDialog>
      )}
    </li>
  );
}
