import type { FieldMessage } from '../lib/use-form-errors.ts';

/** A form's refusal beside the field it is about; the field points at it with `fieldErrorProps`. */
export function FieldErrorMessage({ error }: { error: FieldMessage | undefined }) {
  if (!error) return null;
  return (
    <p id={error.id} className="mt-1 text-sm text-red-700">
      {error.message}
    </p>
  );
}

/** aria-invalid and aria-describedby for a field, keeping the id of a description it already has. */
export function fieldErrorProps(error: FieldMessage | undefined, describedBy?: string) {
  const ids = [error?.id, describedBy].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}
