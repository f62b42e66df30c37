import { useState, type FormEvent } from 'react';
import { Limits, type BlockedDomain } from '@inkwell/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { formError, formProgress, formSuccess } from '../../../lib/notify.ts';
import { useBlockDomain, useBlockedDomains, useUnblockDomain, type DomainList } from '../api/staff.ts';

/** What one list of blocked domains says of itself, where the two lists differ. */
export interface DomainBlocksWords {
  /** The block form's toasts' id. */
  form: string;
  label: string;
  /** What a block does, under the form. */
  effect: string;
  empty: string;
  /** What unblocking `domain` brings back, asked before it is done. */
  unblockQuestion: (domain: string) => string;
}

/**
 * A list of blocked domains, for admins: block one, and the list, each with Unblock. Shown once the
 * list has loaded: a moderator is refused it, and told so instead.
 */
export function DomainBlocks({ list, words }: { list: DomainList; words: DomainBlocksWords }) {
  const domains = useBlockedDomains(list);
  if (domains.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (domains.isError) return <p role="alert">{domains.error.message}</p>;
  const blocked = domains.data.pages.flatMap((page) => page.domains);
  return (
    <>
      <BlockForm list={list} words={words} />
      {blocked.length === 0 ? (
        <p className="text-neutral-600">{words.empty}</p>
      ) : (
        <>
          <p className="mb-2 text-neutral-600" aria-live="polite">
            {domains.data.pages.at(-1)!.totalDocs} blocked
          </p>
          <ul>
            {blocked.map((entry) => (
              <DomainRow key={entry.domain} list={list} words={words} blocked={entry} />
            ))}
          </ul>
          <LoadMoreButton query={domains} />
        </>
      )}
    </>
  );
}

function BlockForm({ list, words }: { list: DomainList; words: DomainBlocksWords }) {
  const block = useBlockDomain(list, {
    onMutate: () => formProgress(words.form, 'Blocking…'),
    onSuccess: ({ domain }) => formSuccess(words.form, `${domain} blocked`),
    onError: (error) => formError(words.form, error.message),
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
        <span className="mb-1 block text-neutral-600">{words.label}</span>
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
      <p className="mb-6 text-sm text-neutral-600">{words.effect}</p>
      <button type="submit" className="btn-dark px-10" disabled={block.isPending}>
        Block
      </button>
    </form>
  );
}

function DomainRow({
  list,
  words,
  blocked: { domain, reason, createdAt, createdBy },
}: {
  list: DomainList;
  words: DomainBlocksWords;
  blocked: BlockedDomain & { createdBy?: string };
}) {
  const [confirming, setConfirming] = useState(false);
  const toast = `unblock-${domain}`;
  const unblock = useUnblockDomain(list, {
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
      <p className="font-medium break-all">{domain}</p>
      {reason && <p className="mt-1 text-neutral-700">“{reason}”</p>}
      <p className="mt-1 text-sm text-neutral-600">
        Blocked{createdBy && ` by @${createdBy}`} on <time dateTime={createdAt}>{formatDate(createdAt)}</time>
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
          {words.unblockQuestion(domain)}
        </ConfirmDialog>
      )}
    </li>
  );
}
