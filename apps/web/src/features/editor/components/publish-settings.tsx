import { Suspense, useEffect, useId, useRef } from 'react';
import { countOf, Limits } from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../../components/field-error-message.tsx';
import type { FormErrors } from '../../../lib/use-form-errors.ts';
import { EmailUnverifiedNotice } from '../../auth/index.ts';
import type { EditorBlog } from '../editor-blog.ts';
import { ignoreEnter, oneLine } from '../single-line.ts';
import { SchedulePicker } from './schedule-picker.tsx';
import { TagsField } from './tags-field.tsx';

/**
 * docs/product/screens.md publish settings: a preview of the card, then title, description and tags, when to
 * publish (`when`, see SchedulePicker; not for a blog already published), and Publish (Schedule
 * for a time, Update once it is `published`).
 */
export function PublishSettings({
  blog,
  published,
  onChange,
  errors,
  saving,
  when,
  onWhenChange,
  onPublish,
  onClose,
}: {
  blog: EditorBlog;
  published: boolean;
  onChange: (patch: Partial<EditorBlog>) => void;
  /** The editor's refusals; those about title, description or tags show beside them. */
  errors: FormErrors;
  saving: boolean;
  when: string | null;
  onWhenChange: (when: string | null) => void;
  onPublish: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const desId = useId();
  const counterId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleError = errors.about('title');
  const desError = errors.about('des');

  // The writing state is hidden now: keep the keyboard's place inside this one.
  useEffect(() => closeRef.current?.focus(), []);

  return (
    <section
      aria-label="Publish settings"
      onChange={errors.onEdit}
      className="relative mx-auto grid min-h-screen w-full max-w-[1200px] grid-cols-1 items-center gap-8 px-[5vw] py-16 lg:grid-cols-2 lg:gap-4"
    >
      <button
        ref={closeRef}
        type="button"
        aria-label="Close publish settings"
        onClick={onClose}
        className="absolute top-[5%] right-[5vw] z-10 flex h-12 w-12 items-center justify-center rounded-full hover:bg-neutral-100 lg:top-[10%]"
      >
        <span aria-hidden="true" className="text-3xl leading-none">
          ×
        </span>
      </button>

      <div className="mx-auto w-full max-w-[550px]">
        <p className="mb-1 text-neutral-500">Preview</p>
        <div className="mt-4 aspect-video w-full overflow-hidden rounded-lg bg-neutral-100">
          {blog.banner && <img src={blog.banner} alt="Banner preview" className="h-full w-full object-cover" />}
        </div>
        <h1 className="mt-2 line-clamp-2 text-4xl leading-tight font-medium break-words" data-testid="preview-title">
          {blog.title}
        </h1>
        <p className="mt-4 line-clamp-2 font-serif text-xl leading-7" data-testid="preview-des">
          {blog.des}
        </p>
      </div>

      <div className="lg:pl-8">
        <label htmlFor={titleId} className="mb-2 block text-neutral-600">
          Blog Title
        </label>
        <div className="mb-6">
          <input
            id={titleId}
            name="title"
            type="text"
            value={blog.title}
            maxLength={Limits.titleMax}
            onChange={(event) => onChange({ title: oneLine(event.target.value) })}
            {...fieldErrorProps(titleError)}
            className="input-box"
          />
          <FieldErrorMessage error={titleError} />
        </div>

        <label htmlFor={desId} className="mb-2 block text-neutral-600">
          Short description about your blog
        </label>
        <textarea
          id={desId}
          name="des"
          value={blog.des}
          maxLength={Limits.descriptionMax}
          onKeyDown={ignoreEnter}
          onChange={(event) => onChange({ des: oneLine(event.target.value) })}
          {...fieldErrorProps(desError, counterId)}
          className="input-box h-40 resize-none leading-7"
        />
        <FieldErrorMessage error={desError} />
        <p id={counterId} aria-live="polite" className="mt-1 mb-6 text-right text-sm text-neutral-500">
          {countOf(Limits.descriptionMax - blog.des.length, 'character')} left
        </p>

        <p className="mb-2 text-neutral-600">Topics - (Helps in searching and ranking your blog post)</p>
        {/* Its message goes when the tags change, not at each key: a comma typed may add one or be refused. */}
        <TagsField
          tags={blog.tags}
          onChange={(tags) => {
            errors.clear('tags');
            onChange({ tags });
          }}
          error={errors.about('tags')}
          onRefuse={errors.refuse}
        />

        {!published && <SchedulePicker when={when} onChange={onWhenChange} error={errors.about('publishAt')} />}

        {/* Publishing waits for a confirmed address where the site asks for one; Save Draft never does. */}
        <Suspense fallback={null}>
          <EmailUnverifiedNotice className="mb-6" />
        </Suspense>

        <button type="button" className="btn-dark px-8" onClick={onPublish} disabled={saving}>
          {published ? 'Update' : when === null ? 'Publish' : 'Schedule'}
        </button>
      </div>
    </section>
  );
}
