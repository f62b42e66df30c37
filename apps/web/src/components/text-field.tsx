import { useId, useState, type ReactNode } from 'react';
import type { FieldMessage } from '../lib/use-form-errors.ts';
import { FieldErrorMessage, fieldErrorProps } from './field-error-message.tsx';

interface TextFieldProps {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: 'name' | 'email' | 'current-password' | 'new-password';
  icon: ReactNode;
  defaultValue?: string;
  /** Forms that show the label above the field; otherwise the placeholder says it and the label is for screen readers. */
  showLabel?: boolean;
  /** The form's refusal about this field, shown below it. */
  error?: FieldMessage | undefined;
}

/** A labelled input with an icon inside its left edge and its error below; a password gets a show/hide toggle. */
export function TextField({
  name,
  label,
  type,
  autoComplete,
  icon,
  defaultValue,
  showLabel = false,
  error,
}: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className="mb-4">
      <label htmlFor={id} className={showLabel ? 'mb-1 block text-neutral-600' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && visible ? 'text' : type}
          autoComplete={autoComplete}
          placeholder={label}
          defaultValue={defaultValue}
          {...fieldErrorProps(error)}
          className={`input-box pl-12 ${isPassword ? 'pr-20' : ''}`}
        />
        <span className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-neutral-500">{icon}</span>
        {isPassword && (
          <button
            type="button"
            className="absolute top-1/2 right-3 -translate-y-1/2 rounded px-2 py-1 text-sm text-neutral-600 hover:bg-neutral-200"
            aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      <FieldErrorMessage error={error} />
    </div>
  );
}
