import { useId, useState, type ChangeEvent } from 'react';
import { refusalField, type FieldError } from '@inkwell/contracts';
import { ApiError } from './api.ts';
import { formError, formProgress, formSettled, formSuccess } from './notify.ts';

/** The message shown beside a field, and the id its input points at with aria-describedby. */
export interface FieldMessage {
  id: string;
  message: string;
}

export interface FormErrors {
  /**
   * Shows a refusal as the form's toast and, when it is about one field, beside that field: a
   * shared rule's refusal names its field; the server's is found from its code (`refusalField`).
   */
  refuse(refusal: FieldError | Error | string): void;
  progress(message: string): void;
  /** The form's success replaces its error toast (or, with no message, only clears it). */
  succeed(message?: string): void;
  /** Takes the message away from beside `field` (or from any field): the field changed, or is not on screen. */
  clear(field?: string): void;
  /** The message beside the input named `field`, if the last refusal was about it. */
  about(field: string): FieldMessage | undefined;
  /** For the form's onChange: editing a field takes its message away. */
  onEdit(event: ChangeEvent<HTMLElement>): void;
}

/**
 * A form's refusals, in a toast with the form's id (see notify.ts) and beside the field they are
 * about until that field is edited. `form` names the form's toast.
 */
export function useFormErrors(form: string): FormErrors {
  const [error, setError] = useState<FieldError | null>(null);
  const idPrefix = useId();
  const clear = (field?: string) =>
    setError((current) => (field === undefined || current?.field === field ? null : current));
  return {
    refuse(refusal) {
      const { field, message } = fieldErrorOf(refusal);
      formError(form, message);
      setError(field ? { field, message } : null);
    },
    progress: (message) => formProgress(form, message),
    succeed(message) {
      setError(null);
      if (message) formSuccess(form, message);
      else formSettled(form);
    },
    clear,
    about: (field) =>
      error?.field === field ? { id: `${idPrefix}-${field}-error`, message: error.message } : undefined,
    onEdit(event) {
      const { name } = event.target as HTMLInputElement;
      if (name) clear(name);
    },
  };
}

/** A refusal as a form shows it: its message, and the field it is about if any. */
function fieldErrorOf(refusal: FieldError | Error | string): { field?: string | undefined; message: string } {
  if (typeof refusal === 'string') return { message: refusal };
  if (refusal instanceof ApiError) return { field: refusalField(refusal.code), message: refusal.message };
  return refusal;
}
