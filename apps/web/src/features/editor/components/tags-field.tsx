import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { countOf, Limits, normaliseTags, tagsError, type FieldError } from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../../components/field-error-message.tsx';
import type { FieldMessage } from '../../../lib/use-form-errors.ts';
import { FOCUS_RING } from '../focus-ring.ts';

/** A comma ends a tag; so does the full-width one Chinese and Japanese input methods type. */
const TAG_SEPARATOR = /[,\uFF0C]/;

/**
 * docs/product/rules.md tags: added with Enter or a comma, kept as the server stores them (trimmed, lower
 * case), duplicates and empty ones ignored, at most 10; each one editable and removable.
 */
export function TagsField({
  tags,
  onChange,
  error,
  onRefuse,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The form's refusal about the tags, shown below them. */
  error: FieldMessage | undefined;
  onRefuse: (refusal: FieldError) => void;
}) {
  const [text, setText] = useState('');
  const hintId = useId();

  const add = (candidates: string[]) => {
    const next = normaliseTags([...tags, ...candidates]);
    if (next.length === tags.length) return;
    const refusal = tagsError(next);
    if (refusal) onRefuse(refusal);
    else onChange(next);
  };

  /**
   * Every piece of `value` before a separator is a tag; what follows the last one stays in the
   * field as the tag being written, unless the list is `finished`.
   */
  const take = (value: string, finished: boolean) => {
    const pieces = value.split(TAG_SEPARATOR);
    const rest = finished ? '' : (pieces.pop() ?? '');
    if (pieces.length) add(pieces);
    setText(rest);
  };

  // Read from the value, not from keys: paste, autofill, drag and drop and input methods press no ',' key.
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    const native = event.nativeEvent as InputEvent;
    // An input method is still composing: its text is not settled until compositionend.
    if (native.isComposing) setText(value);
    // A pasted or dropped list ends where it ends: 'a, b, c' is three tags.
    else
      take(
        value,
        TAG_SEPARATOR.test(value) && (native.inputType === 'insertFromPaste' || native.inputType === 'insertFromDrop'),
      );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    take(text, true);
  };

  const rename = (index: number, value: string): boolean => {
    const [tag = ''] = normaliseTags([value]);
    if (tag && tags.some((other, i) => i !== index && other === tag)) return false;
    onChange(tag ? tags.map((old, i) => (i === index ? tag : old)) : tags.filter((_, i) => i !== index));
    return true;
  };

  return (
    <div>
      <div className="input-box flex flex-wrap items-center gap-2 py-2 pl-2">
        {tags.map((tag, index) => (
          <TagChip
            key={tag}
            tag={tag}
            onRename={(value) => rename(index, value)}
            onRemove={() => onChange(tags.filter((_, i) => i !== index))}
          />
        ))}
        <input
          type="text"
          value={text}
          onChange={onInput}
          onCompositionEnd={(event) => take(event.currentTarget.value, false)}
          onKeyDown={onKeyDown}
          aria-label="Topics"
          {...fieldErrorProps(error, hintId)}
          placeholder="Topic"
          className={`min-w-24 flex-1 rounded-sm bg-transparent p-2 ${FOCUS_RING}`}
        />
      </div>
      <FieldErrorMessage error={error} />
      <p id={hintId} aria-live="polite" className="mt-1 mb-4 text-right text-sm text-neutral-500">
        {countOf(Limits.maxTags - tags.length, 'Tag')} left
      </p>
    </div>
  );
}

/** A tag that can be edited in place (Enter or leaving the field keeps the change) or removed. */
function TagChip({
  tag,
  onRename,
  onRemove,
}: {
  tag: string;
  onRename: (value: string) => boolean;
  onRemove: () => void;
}) {
  const [text, setText] = useState(tag);
  const commit = () => {
    if (text !== tag && !onRename(text)) setText(tag);
  };
  return (
    <span className="flex items-center gap-1 rounded-full bg-white py-1 pr-1 pl-3 shadow-sm">
      <input
        value={text}
        size={Math.max(text.length, 1)}
        maxLength={Limits.tagMax}
        aria-label={`Tag ${tag}`}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          }
        }}
        className={`field-sizing-content rounded-sm bg-transparent ${FOCUS_RING}`}
      />
      <button
        type="button"
        aria-label={`Remove tag ${tag}`}
        onClick={onRemove}
        className="flex h-6 w-6 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
