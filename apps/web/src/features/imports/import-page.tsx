import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  ImportFormFields,
  IMPORT_FILE_MAX_MB,
  ImportMessages,
  profilePath,
  type ImportAuthorMapping,
  type ImportProgress,
  type ImportReportLine,
  type ImportStarted,
} from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../components/field-error-message.tsx';
import { ApiError, isMissing } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { useFormErrors, type FieldMessage } from '../../lib/use-form-errors.ts';
import { ownProfileQuery } from '../settings/index.ts';
import { useImportStatus, useMyImports, useStartImport } from './api/imports.ts';

/** The address's query parameter that names the import followed, so a reload finds it again. */
const IMPORT_PARAM = 'import';
/** Report lines shown at once; the rest are counted. */
const REPORT_SHOWN = 300;

const SOURCES = [
  ['WordPress', 'Tools → Export, “All content”: an .xml file'],
  ['Ghost', 'Settings → Advanced → Import/Export → Export: a .json file'],
  ['Medium', 'Settings → Security and apps → Download your information: a .zip file'],
  ['Markdown', 'a .zip of your .md files with their front matter (Jekyll, Hugo, Obsidian)'],
  ['Inkwell', 'an export from another Inkwell site: a .zip file'],
] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A refusal of the file or of the old address, shown beside that field as well as in the toast. */
function fieldOf(error: Error) {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'import_site_url_invalid') return { field: ImportFormFields.siteUrl, message: error.message };
  if (code?.startsWith('import_') && code !== 'import_not_found')
    return { field: ImportFormFields.file, message: error.message };
  return error;
}

/** docs/product/screens.md Import posts: choose an export, follow its progress, read its report. */
export function ImportPage() {
  usePageTitle('Import posts');
  const [params, setParams] = useSearchParams();
  const id = params.get(IMPORT_PARAM);
  // Who each author became is answered once, when the file is read: kept while the page stays.
  const [started, setStarted] = useState<ImportStarted | null>(null);
  return (
    <div className="w-full max-w-[550px]">
      <h1 className="mb-6 text-2xl max-md:sr-only">Import posts</h1>
      {id ? (
        <ImportProgressPanel
          id={id}
          authors={started?.id === id ? started.authors : []}
          onAnother={() => setParams({})}
        />
      ) : (
        <ImportForm
          onStarted={(answer) => {
            setStarted(answer);
            setParams({ [IMPORT_PARAM]: answer.id });
          }}
        />
      )}
      <RecentImports current={id} />
    </div>
  );
}

function ImportForm({ onStarted }: { onStarted: (started: ImportStarted) => void }) {
  const errors = useFormErrors('import');
  const fileError = errors.about(ImportFormFields.file);
  const me = useQuery(ownProfileQuery());
  const start = useStartImport({
    onMutate: () => errors.progress('Reading the file…'),
    onSuccess: (answer) => {
      errors.succeed(`Importing ${plural(answer.posts, 'post')}`);
      onStarted(answer);
    },
    onError: (error) => errors.refuse(fieldOf(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get(ImportFormFields.file);
    if (!(file instanceof File) || file.size === 0)
      return errors.refuse({ field: ImportFormFields.file, message: ImportMessages.fileRequired });
    if (file.size > IMPORT_FILE_MAX_MB * 1024 * 1024)
      return errors.refuse({ field: ImportFormFields.file, message: ImportMessages.tooLarge });
    start.mutate(form);
  };

  return (
    <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate>
      <p className="mb-3 text-neutral-700">
        Bring the posts of your old blog here, with their dates, tags, pictures and old addresses (which will lead to
        the new pages). Drafts stay drafts, and nobody is notified. Export your blog from where it is now:
      </p>
      <ul className="mb-6 text-neutral-700">
        {SOURCES.map(([name, how]) => (
          <li key={name} className="mt-1">
            <span className="font-medium">{name}</span>: {how}
          </li>
        ))}
      </ul>
      <Field label="Export file" hint={`At most ${IMPORT_FILE_MAX_MB} MB.`} error={fileError}>
        {(props) => (
          <input
            {...props}
            type="file"
            name={ImportFormFields.file}
            accept=".xml,.json,.zip,application/xml,text/xml,application/json,application/zip"
          />
        )}
      </Field>
      <Field
        label="Your old site’s address (optional)"
        hint="Where your blog was: links and pictures given relative to it are found (a Ghost export needs it)."
        error={errors.about(ImportFormFields.siteUrl)}
      >
        {(props) => (
          <input
            {...props}
            type="url"
            name={ImportFormFields.siteUrl}
            placeholder="https://example.com"
            autoComplete="url"
          />
        )}
      </Field>
      {me.data?.can.manageSite && (
        <label className="mb-4 flex items-start gap-3">
          <input type="checkbox" name={ImportFormFields.scope} value="site" className="mt-1" />
          <span>
            <span className="block font-medium">Import for the whole site</span>
            <span className="text-neutral-600">
              Each post goes to its author: the member with the author’s e-mail, or a new account that is mailed a link
              to choose a password. Posts whose author has no e-mail are yours.
            </span>
          </span>
        </label>
      )}
      <button type="submit" className="btn-dark mt-2 px-10" disabled={start.isPending}>
        Import
      </button>
    </form>
  );
}

/** A labelled input with its hint below, and the form's refusal about it. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint: string;
  error: FieldMessage | undefined;
  children: (props: { id: string; className: string } & ReturnType<typeof fieldErrorProps>) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-neutral-600">
        {label}
      </label>
      {children({ id, className: 'input-box', ...fieldErrorProps(error, hintId) })}
      <p id={hintId} className="mt-1 text-sm text-neutral-600">
        {hint}
      </p>
      <FieldErrorMessage error={error} />
    </div>
  );
}

/** The import followed: its bar moving until every post is done, then what came of it and its report. */
function ImportProgressPanel({
  id,
  authors,
  onAnother,
}: {
  id: string;
  authors: ImportAuthorMapping[];
  onAnother: () => void;
}) {
  const status = useImportStatus(id);
  const { session } = useSession();
  const headingId = useId();
  const countsId = useId();
  if (status.isPending) return <p className="mb-10 text-neutral-500">Loading the import…</p>;
  if (status.isError)
    return (
      <div className="mb-10">
        <p role="alert" className="mb-4">
          {isMissing(status.error)
            ? 'There is no import of yours at this address.'
            : 'Could not load the import. Please reload the page.'}
        </p>
        <button type="button" className="btn-light" onClick={onAnother}>
          Import a file
        </button>
      </div>
    );
  const progress = status.data;
  const done = progress.state === 'done';
  const leftOut = progress.postsDone - progress.postsImported - progress.postsSkipped;
  return (
    <section aria-labelledby={headingId} className="mb-10 rounded-md border border-neutral-100 p-4">
      <h2 id={headingId} className="mb-3 text-xl">
        {done ? 'Import done' : `Importing ${plural(progress.postsTotal, 'post')}…`}
      </h2>
      <progress
        max={Math.max(progress.postsTotal, 1)}
        value={done ? Math.max(progress.postsTotal, 1) : progress.postsDone}
        aria-labelledby={headingId}
        aria-describedby={countsId}
        className="h-3 w-full accent-accent"
      />
      <p id={countsId} className="mt-2 text-neutral-700">
        {progress.postsDone} of {plural(progress.postsTotal, 'post')} done, {plural(progress.imagesFetched, 'image')}{' '}
        fetched
      </p>
      <p role="status" className="mt-1 font-medium">
        {done &&
          `Done: ${plural(progress.postsImported, 'blog')} imported, ${progress.postsSkipped} already here, ${leftOut} left out.`}
      </p>
      {authors.length > 0 && <AuthorList authors={authors} />}
      {progress.report.length > 0 && <Report lines={progress.report} />}
      <div className="mt-6 flex flex-wrap gap-3">
        {done && session && (
          <Link to={progress.scope === 'site' ? '/' : profilePath(session.username)} className="btn-dark">
            {progress.scope === 'site' ? 'See the blogs' : 'See your blogs'}
          </Link>
        )}
        <button type="button" className="btn-light" onClick={onAnother}>
          Import another file
        </button>
      </div>
    </section>
  );
}

const BECOMES: Record<ImportAuthorMapping['becomes'], (author: ImportAuthorMapping) => string> = {
  member: (author) => `@${author.username}`,
  new: () => 'a new account, mailed a link to choose a password',
  importer: () => 'you (no usable e-mail)',
};

function AuthorList({ authors }: { authors: ImportAuthorMapping[] }) {
  return (
    <>
      <h3 className="mt-6 mb-2 font-medium">Authors</h3>
      <ul className="text-neutral-700">
        {authors.map((author, i) => (
          <li key={i} className="mt-1 break-words">
            {author.name}
            {author.email && ` (${author.email})`}: {BECOMES[author.becomes](author)}, {plural(author.posts, 'post')}
          </li>
        ))}
      </ul>
    </>
  );
}

function Report({ lines }: { lines: ImportReportLine[] }) {
  return (
    <>
      <h3 className="mt-6 mb-2 font-medium">What could not come as it was</h3>
      <ul className="text-neutral-700">
        {lines.slice(0, REPORT_SHOWN).map((line, i) => (
          <li key={i} className="mt-1 break-words">
            <span className="font-medium">{line.post ?? 'The file'}</span>: {line.problem}
          </li>
        ))}
      </ul>
      {lines.length > REPORT_SHOWN && (
        <p className="mt-2 text-neutral-600">…and {plural(lines.length - REPORT_SHOWN, 'line')} more.</p>
      )}
    </>
  );
}

const summary = (item: Omit<ImportProgress, 'report'>) =>
  `${formatDateTime(item.createdAt)}: ${plural(item.postsTotal, 'post')}, ${item.state === 'done' ? 'done' : `${item.postsDone} done so far`}`;

/** The member's latest imports, to come back to one. */
function RecentImports({ current }: { current: string | null }) {
  const recent = useMyImports();
  const headingId = useId();
  const others = (recent.data ?? []).filter((item) => item._id !== current);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl">
        Your latest imports
      </h2>
      <ul>
        {others.map((item) => (
          <li key={item._id} className="border-b border-neutral-100 py-3">
            <Link to={`?${IMPORT_PARAM}=${item._id}`} className="underline underline-offset-2">
              {summary(item)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
