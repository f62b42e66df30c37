import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Blog, RevisionSummary } from '@inkwell/contracts';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { FormErrors } from '../../../lib/use-form-errors.ts';
import { revisionQuery, revisionsQuery, useRestoreRevision } from '../api/revisions.ts';
import { VersionPanel, VersionText } from './version-panel.tsx';

const RevisionMessages = { restoring: 'Restoring...', restored: 'Revision restored' } as const;

const stateOf = (revision: Pick<RevisionSummary, 'draft'>) => (revision.draft ? 'Draft' : 'Published');

/**
 * The blog's revisions, newest first; one chosen shows read-only beside the writer's text, with
 * Restore. Restoring saves it as the blog on the server (a new revision) and hands the restored
 * blog to `onRestored` for the editor to show.
 */
export function RevisionHistory({
  blogId,
  errors,
  onClose,
  onRestored,
}: {
  blogId: string;
  errors: FormErrors;
  onClose: () => void;
  onRestored: (blog: Blog) => void;
}) {
  const revisions = useQuery(revisionsQuery(blogId));
  const [chosen, setChosen] = useState<RevisionSummary | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const lastChosen = useRef<string | null>(null);

  // Focus follows the view: into the revision shown, and back to its line in the list.
  useEffect(() => {
    if (chosen) back.current?.focus();
    else if (lastChosen.current)
      list.current?.querySelector<HTMLElement>(`[data-revision="${lastChosen.current}"]`)?.focus();
  }, [chosen]);

  const choose = (revision: RevisionSummary | null) => {
    if (revision) lastChosen.current = revision._id;
    setChosen(revision);
  };

  return (
    <VersionPanel heading="Revision history" closeLabel="Close revision history" onClose={onClose}>
      {chosen ? (
        <ChosenRevision
          blogId={blogId}
          summary={chosen}
          back={back}
          errors={errors}
          onBack={() => choose(null)}
          onRestored={onRestored}
        />
      ) : revisions.isPending ? (
        <p className="text-neutral-500">Loading revisions…</p>
      ) : revisions.isError ? (
        <p role="alert">Could not load the revisions. {revisions.error.message}</p>
      ) : (
        <ul ref={list} aria-label="Revisions, newest first" className="flex flex-col gap-2">
          {revisions.data.map((revision) => (
            <li key={revision._id}>
              <button
                type="button"
                data-revision={revision._id}
                onClick={() => choose(revision)}
                className="w-full rounded-md border border-neutral-200 px-4 py-3 text-left hover:bg-neutral-100"
              >
                <span className="flex flex-wrap justify-between gap-x-3 text-sm text-neutral-600">
                  <time dateTime={revision.savedAt}>{formatDateTime(revision.savedAt)}</time>
                  <span>{stateOf(revision)}</span>
                </span>
                <span className="mt-1 block break-words text-neutral-900">{revision.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </VersionPanel>
  );
}

function ChosenRevision({
  blogId,
  summary,
  back,
  errors,
  onBack,
  onRestored,
}: {
  blogId: string;
  summary: RevisionSummary;
  back: RefObject<HTMLButtonElement | null>;
  errors: FormErrors;
  onBack: () => void;
  onRestored: (blog: Blog) => void;
}) {
  const revision = useQuery(revisionQuery(blogId, summary._id));
  const restore = useRestoreRevision(blogId, summary._id, {
    onMutate: () => errors.progress(RevisionMessages.restoring),
    onSuccess: (blog) => {
      errors.succeed(RevisionMessages.restored);
      onRestored(blog);
    },
    onError: (e) => errors.refuse(e.message),
  });

  return (
    <>
      <div className="flex flex-wrap gap-3">
        <button ref={back} type="button" className="btn-light py-2" onClick={onBack}>
          All revisions
        </button>
        <button
          type="button"
          className="btn-dark py-2"
          disabled={!revision.isSuccess || restore.isPending}
          onClick={() => restore.mutate()}
        >
          Restore this revision
        </button>
      </div>
      {revision.isPending && <p className="mt-6 text-neutral-500">Loading the revision…</p>}
      {revision.isError && (
        <p role="alert" className="mt-6">
          Could not load the revision. {revision.error.message}
        </p>
      )}
      {revision.isSuccess && (
        <VersionText
          title={revision.data.title}
          blocks={revision.data.content[0]?.blocks ?? []}
          about={`${stateOf(revision.data)}, saved ${formatDateTime(revision.data.savedAt)}`}
        />
      )}
    </>
  );
}
