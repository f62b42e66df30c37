import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  ACCENT_MIN_CONTRAST,
  accentContrast,
  ErrorMessages,
  IdentityLimits,
  isReadableAccent,
  Limits,
  UpdateSiteIdentityBody,
  type FieldError,
  type NavLink,
  type SiteIdentity,
} from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../components/field-error-message.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { siteQuery } from '../../lib/site.ts';
import { useUploadImage } from '../../lib/upload-image.ts';
import { useFormErrors, type FieldMessage, type FormErrors } from '../../lib/use-form-errors.ts';
import { ownProfileQuery } from '../settings/index.ts';
import { useUpdateSiteIdentity } from './api/site-identity.ts';
import { AdminLayout } from './components/admin-layout.tsx';

const FORM = 'site-identity';
const HEX = /^#[0-9a-f]{6}$/i;

/** For admins: who the site is to its readers (docs/product/screens.md, Site identity). */
export function SiteIdentityPage() {
  return (
    <AdminLayout title="Site identity">
      <IdentityScreen />
    </AdminLayout>
  );
}

function IdentityScreen() {
  const me = useQuery(ownProfileQuery());
  // The identity every page's head carries, which the app started with.
  const site = useQuery(siteQuery());
  // Anyone may read the identity: a moderator is told here what the server would answer a save.
  if (!me.data?.can.manageSite) return <p role="alert">{ErrorMessages.admin_only}</p>;
  if (site.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (site.isError) return <p role="alert">{site.error.message}</p>;
  return <IdentityForm saved={site.data} />;
}

/** A row of a list the admin orders (topics, links): an id of its own, so focus follows it when it moves. */
interface Row<T> {
  id: number;
  value: T;
}
let nextRowId = 0;
const rowsOf = <T,>(values: T[]): Row<T>[] => values.map((value) => ({ id: nextRowId++, value }));

/** The fields of `candidate` that differ from what is saved: the body of the save. */
function changedFields(candidate: SiteIdentity, saved: SiteIdentity): UpdateSiteIdentityBody {
  return Object.fromEntries(
    Object.entries(candidate).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key as keyof SiteIdentity]),
    ),
  );
}

/** The server's rules, checked before sending: the contract's schema, then the accent's contrast. */
function identityError(body: UpdateSiteIdentityBody): FieldError | null {
  const parsed = UpdateSiteIdentityBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { field: issue.path.join('.'), message: issue.message };
  }
  if (body.accentColor && !isReadableAccent(body.accentColor))
    return { field: 'accentColor', message: ErrorMessages.accent_unreadable };
  return null;
}

function IdentityForm({ saved }: { saved: SiteIdentity }) {
  const errors = useFormErrors(FORM);
  const [logo, setLogo] = useState(saved.logo);
  const [icon, setIcon] = useState(saved.icon);
  const [shareImage, setShareImage] = useState(saved.shareImage);
  const [accentOn, setAccentOn] = useState(saved.accentColor !== null);
  const [accent, setAccent] = useState(saved.accentColor ?? '#2563eb');
  const [topics, setTopics] = useState(() => rowsOf(saved.topics));
  const [links, setLinks] = useState(() => rowsOf(saved.navigation));

  const save = useUpdateSiteIdentity({
    onMutate: () => errors.progress('Saving…'),
    onSuccess: (identity) => {
      errors.succeed('Identity saved');
      setTopics(rowsOf(identity.topics));
      setLinks(rowsOf(identity.navigation));
    },
    // An accent the server finds unreadable is about its field, as the same check here is.
    onError: (error) =>
      errors.refuse(
        error instanceof ApiError && error.code === 'accent_unreadable'
          ? { field: 'accentColor', message: error.message }
          : error,
      ),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const candidate: SiteIdentity = {
      name: text('name'),
      description: text('description'),
      logo,
      icon,
      accentColor: accentOn ? accent.trim().toLowerCase() : null,
      topics: topics.map((row) => row.value.trim().toLowerCase()),
      navigation: links.map(({ value }) => ({ label: value.label.trim(), url: value.url.trim() })),
      footer: text('footer'),
      shareImage,
      language: text('language'),
    };
    const body = changedFields(candidate, saved);
    if (Object.keys(body).length === 0) {
      errors.succeed('Nothing to save: no field has changed');
      return;
    }
    const refusal = identityError(body);
    if (refusal) {
      errors.refuse(refusal);
      form.querySelector<HTMLElement>(`[name="${refusal.field}"]`)?.focus();
      return;
    }
    save.mutate(body);
  };

  return (
    <form onSubmit={onSubmit} onChange={errors.onEdit} className="max-w-[550px]">
      <TextInput
        name="name"
        label="Name"
        hint="In the top bar, every page’s title, the feeds, mail and share cards."
        defaultValue={saved.name}
        maxLength={IdentityLimits.nameMax}
        required
        error={errors.about('name')}
      />
      <TextInput
        name="description"
        label="Description"
        hint="What search engines and share cards say of the site."
        defaultValue={saved.description}
        maxLength={IdentityLimits.descriptionMax}
        error={errors.about('description')}
      />

      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-medium">Images</legend>
        <ImageField
          label="Logo"
          hint="Beside the name in the top bar, 40 px high (a 40 px square on phones)."
          url={logo}
          onChange={setLogo}
          errors={errors}
        />
        <ImageField
          label="Icon"
          hint="The browser tab’s and the home screen’s: a square PNG, 512 px or more."
          url={icon}
          onChange={setIcon}
          errors={errors}
        />
        <ImageField
          label="Share image"
          hint="The picture of a link to the site shared elsewhere, when a page has none of its own: 1200 × 630 px."
          url={shareImage}
          onChange={setShareImage}
          errors={errors}
        />
      </fieldset>

      <AccentField
        on={accentOn}
        onToggle={setAccentOn}
        accent={accent}
        onAccent={(value) => {
          setAccent(value);
          errors.clear('accentColor');
        }}
        error={errors.about('accentColor')}
      />

      <ListField
        legend="Topics"
        hint="The home page’s topic buttons, in this order: a reader chooses one to see its blogs."
        rows={topics}
        onRows={setTopics}
        max={IdentityLimits.topicsMax}
        added=""
        addLabel="Add a topic"
        name={(topic) => topic || 'the new topic'}
        error={errors.about('topics')}
      >
        {(topic, i, change) => (
          <RowInput
            name={`topics.${i}`}
            label={`Topic ${i + 1}`}
            value={topic}
            onChange={change}
            maxLength={Limits.tagMax}
            error={errors.about(`topics.${i}`)}
          />
        )}
      </ListField>

      <ListField
        legend="Navigation"
        hint="Links in the top bar (behind the menu button on narrow screens): a path of this site, such as /user/ada, or a web address."
        rows={links}
        onRows={setLinks}
        max={IdentityLimits.navigationMax}
        added={{ label: '', url: '' }}
        addLabel="Add a link"
        name={(link) => link.label || 'the new link'}
        error={errors.about('navigation')}
      >
        {(link: NavLink, i, change) => (
          <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
            <RowInput
              name={`navigation.${i}.label`}
              label={`Link ${i + 1}: label`}
              value={link.label}
              onChange={(label) => change({ ...link, label })}
              maxLength={IdentityLimits.navLabelMax}
              required
              error={errors.about(`navigation.${i}.label`)}
            />
            <RowInput
              name={`navigation.${i}.url`}
              label={`Link ${i + 1}: address`}
              value={link.url}
              onChange={(url) => change({ ...link, url })}
              maxLength={2048}
              required
              error={errors.about(`navigation.${i}.url`)}
            />
          </div>
        )}
      </ListField>

      <TextInput
        name="footer"
        label="Footer"
        hint="Under every page, as plain text: line breaks are kept."
        defaultValue={saved.footer}
        maxLength={IdentityLimits.footerMax}
        multiline
        error={errors.about('footer')}
      />
      <TextInput
        name="language"
        label="Language"
        hint="The pages’ language, as a tag: en, pt-BR, zh-Hant. Screen readers and translators go by it."
        defaultValue={saved.language}
        maxLength={35}
        required
        error={errors.about('language')}
      />

      <button type="submit" className="btn-dark px-10" disabled={save.isPending}>
        Save identity
      </button>
    </form>
  );
}

/** A labelled text field with its hint below the label, and the form's refusal about it. */
function TextInput({
  name,
  label,
  hint,
  defaultValue,
  maxLength,
  required = false,
  multiline = false,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  defaultValue: string;
  maxLength: number;
  required?: boolean;
  multiline?: boolean;
  error: FieldMessage | undefined;
}) {
  const id = useId();
  const props = {
    id,
    name,
    defaultValue,
    maxLength,
    required,
    ...fieldErrorProps(error, `${id}-hint`),
    className: 'input-box',
  };
  return (
    <div className="mb-6">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-1 text-sm text-neutral-600">
        {hint}
      </p>
      {multiline ? <textarea {...props} rows={4} /> : <input {...props} autoComplete="off" />}
      <FieldErrorMessage error={error} />
    </div>
  );
}

/** An image of the site's: its preview, Upload (the site's upload, as the editor's banner) and Remove. */
function ImageField({
  label,
  hint,
  url,
  onChange,
  errors,
}: {
  label: string;
  hint: string;
  url: string | null;
  onChange: (url: string | null) => void;
  errors: FormErrors;
}) {
  const hintId = useId();
  const upload = useUploadImage({
    onMutate: () => errors.progress('Uploading…'),
    onSuccess: (uploaded) => {
      onChange(uploaded);
      errors.succeed(`${label} uploaded: Save identity to use it`);
    },
    onError: (error) => errors.refuse(error),
  });
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <div className="mb-6">
      <p className="font-medium">{label}</p>
      <p id={hintId} className="mb-2 text-sm text-neutral-600">
        {hint}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {url ? (
          <img src={url} alt={`${label}: preview`} className="h-20 w-auto rounded-md border border-neutral-200" />
        ) : (
          <span className="text-neutral-500">None</span>
        )}
        <label className="btn-light cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-neutral-400">
          {upload.isPending ? 'Uploading…' : url ? 'Replace' : 'Upload'}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={`${url ? 'Replace' : 'Upload'} the ${label.toLowerCase()}`}
            aria-describedby={hintId}
            className="sr-only"
            disabled={upload.isPending}
            onChange={onPick}
          />
        </label>
        {url && (
          <button
            type="button"
            className="btn-light"
            aria-label={`Remove the ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
          >
            Remove
          </button>
        )}
      </div>
    </div>
  );
}

const ratio = (contrast: number) => `${contrast.toFixed(1)}:1`;

/**
 * The accent: none (the black and white of the default look), or a colour picked or typed as
 * #rrggbb, with a button drawn in it and its contrast with each theme's page.
 */
function AccentField({
  on,
  onToggle,
  accent,
  onAccent,
  error,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  accent: string;
  onAccent: (accent: string) => void;
  error: FieldMessage | undefined;
}) {
  const id = useId();
  const valid = HEX.test(accent);
  const contrast = valid ? accentContrast(accent) : null;
  return (
    <fieldset className="mb-6">
      <legend className="mb-3 text-lg font-medium">Accent colour</legend>
      <p className="mb-3 text-sm text-neutral-600">
        Fills the main buttons and marks what is chosen. It needs a contrast of {ACCENT_MIN_CONTRAST}:1 with both the
        light and the dark page.
      </p>
      <label className="mb-3 flex items-start gap-3">
        <input type="radio" name="accent" checked={!on} onChange={() => onToggle(false)} className="mt-1" />
        No accent (black and white)
      </label>
      <label className="mb-3 flex items-start gap-3">
        <input type="radio" name="accent" checked={on} onChange={() => onToggle(true)} className="mt-1" />
        This colour
      </label>
      {on && (
        <div className="pl-8">
          <div className="flex flex-wrap items-center gap-3">
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={valid ? accent.toLowerCase() : '#000000'}
              onChange={(event) => onAccent(event.target.value)}
              className="h-11 w-12 rounded-md"
            />
            <input
              id={id}
              name="accentColor"
              aria-label="Accent colour as #rrggbb"
              value={accent}
              onChange={(event) => onAccent(event.target.value)}
              maxLength={7}
              autoComplete="off"
              spellCheck={false}
              {...fieldErrorProps(error, `${id}-contrast`)}
              className="input-box w-32"
            />
            {contrast && (
              <span
                aria-hidden="true"
                className="rounded-full px-6 py-2"
                style={{ backgroundColor: accent, color: contrast.text }}
              >
                Publish
              </span>
            )}
          </div>
          <p id={`${id}-contrast`} aria-live="polite" className="mt-2 text-sm text-neutral-600">
            {contrast
              ? `Contrast with the light page ${ratio(contrast.light)}, with the dark page ${ratio(contrast.dark)}; its label ${ratio(contrast.textContrast)}.`
              : 'Type a colour as # and six hexadecimal digits, such as #2563eb.'}
          </p>
          <FieldErrorMessage error={error} />
        </div>
      )}
    </fieldset>
  );
}

/**
 * A list the admin orders with buttons (no dragging): each row's fields, Move up, Move down and
 * Remove, then an Add button while there is room. Focus stays with a row as it moves, and goes to
 * the new row's first field when one is added.
 */
function ListField<T>({
  legend,
  hint,
  rows,
  onRows,
  max,
  added,
  addLabel,
  name,
  error,
  children,
}: {
  legend: string;
  hint: string;
  rows: Row<T>[];
  onRows: (rows: Row<T>[]) => void;
  max: number;
  added: T;
  addLabel: string;
  /** How the buttons of a row name it to a screen reader. */
  name: (value: T) => string;
  error: FieldMessage | undefined;
  children: (value: T, index: number, change: (value: T) => void) => ReactNode;
}) {
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => (list.current?.querySelector<HTMLElement>(selector) ?? addButton.current)?.focus());

  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row!);
    onRows(next);
    // At either end its button in that direction goes out of use: the focus takes the other one.
    const edge = to === 0 ? 'down' : to === rows.length - 1 ? 'up' : to < from ? 'up' : 'down';
    focusLater(`[data-row="${row!.id}"] [data-move="${edge}"]`);
  };
  const add = () => {
    const row = { id: nextRowId++, value: added };
    onRows([...rows, row]);
    focusLater(`[data-row="${row.id}"] input`);
  };

  return (
    <fieldset className="mb-6">
      <legend className="mb-1 text-lg font-medium">{legend}</legend>
      <p className="mb-3 text-sm text-neutral-600">{hint}</p>
      <ol ref={list} className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.id} data-row={row.id} className="flex items-start gap-2">
            {children(row.value, i, (value) => onRows(rows.map((r) => (r.id === row.id ? { ...r, value } : r))))}
            <IconButton
              label={`Move ${name(row.value)} up`}
              data-move="up"
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              <span aria-hidden="true">↑</span>
            </IconButton>
            <IconButton
              label={`Move ${name(row.value)} down`}
              data-move="down"
              disabled={i === rows.length - 1}
              onClick={() => move(i, i + 1)}
            >
              <span aria-hidden="true">↓</span>
            </IconButton>
            <IconButton
              label={`Remove ${name(row.value)}`}
              onClick={() => {
                onRows(rows.filter((r) => r.id !== row.id));
                // The focus goes to the row that takes its place, or the list's Add.
                focusLater(`[data-row="${(rows[i + 1] ?? rows[i - 1])?.id}"] input`);
              }}
            >
              <CloseIcon />
            </IconButton>
          </li>
        ))}
      </ol>
      <FieldErrorMessage error={error} />
      <button ref={addButton} type="button" className="btn-light mt-3" onClick={add} disabled={rows.length >= max}>
        {addLabel}
      </button>
      {rows.length >= max && <p className="mt-1 text-sm text-neutral-600">{max} at most.</p>}
    </fieldset>
  );
}

/** A field of a list's row, labelled for a screen reader (the list says what it holds). */
function RowInput({
  name,
  label,
  value,
  onChange,
  maxLength,
  required = false,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  error: FieldMessage | undefined;
}) {
  return (
    <div className="min-w-0 flex-1">
      <input
        name={name}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        required={required}
        autoComplete="off"
        {...fieldErrorProps(error)}
        className="input-box"
      />
      <FieldErrorMessage error={error} />
    </div>
  );
}
