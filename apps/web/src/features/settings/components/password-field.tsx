import { useId, useState } from 'react';
import { LockIcon } from '../../../components/icons.tsx';

interface PasswordFieldProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
}

/** A labelled password input with a show/hide toggle. */
export function PasswordField({ name, label, autoComplete }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-neutral-600">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          placeholder={label}
          className="input-box pl-12"
        />
        <LockIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-neutral-500" />
        <button
          type="button"
          className="absolute top-1/2 right-3 -translate-y-1/2 rounded px-2 py-1 text-sm text-neutral-600 hover:bg-neutral-200"
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
