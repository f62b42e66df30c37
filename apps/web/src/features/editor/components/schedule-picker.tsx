import { useId } from 'react';
import { FieldErrorMessage, fieldErrorProps } from '../../../components/field-error-message.tsx';
import type { FieldMessage } from '../../../lib/use-form-errors.ts';
import { timeZoneName } from '../local-time.ts';

/**
 * When a blog goes out: now, or at a date and time in the writer's time zone (`when`: the
 * datetime-local value, null for now). The server publishes a scheduled blog at that time.
 */
export function SchedulePicker({
  when,
  onChange,
  error,
}: {
  when: string | null;
  onChange: (when: string | null) => void;
  error: FieldMessage | undefined;
}) {
  const inputId = useId();
  const zone = timeZoneName();
  return (
    <fieldset className="mb-6">
      <legend className="mb-2 text-neutral-600">When to publish</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2">
          <input type="radio" name="when" checked={when === null} onChange={() => onChange(null)} />
          Publish now
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="when" checked={when !== null} onChange={() => onChange('')} />
          Schedule for later
        </label>
      </div>
      {when !== null && (
        <div className="mt-3">
          <label htmlFor={inputId} className="mb-1 block text-sm text-neutral-600">
            Date and time ({zone})
          </label>
          <input
            id={inputId}
            name="publishAt"
            type="datetime-local"
            step={1}
            value={when}
            onChange={(event) => onChange(event.target.value)}
            {...fieldErrorProps(error)}
            className="input-box max-w-full"
          />
          <FieldErrorMessage error={error} />
        </div>
      )}
    </fieldset>
  );
}
