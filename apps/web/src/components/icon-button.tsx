import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../lib/hydration.ts';

/** The round look of icon-only controls (buttons, and links that look like them). */
export const ROUND_ICON = 'flex h-10 w-10 flex-none items-center justify-center rounded-full';
const PLAIN = 'bg-neutral-100 hover:bg-neutral-200';

/**
 * A round button showing only an icon; `label` is what it says to screen readers. It does nothing
 * without the app, so on a server-rendered page it is disabled until the page is hydrated (a
 * press before then would be lost).
 */
export function IconButton({
  label,
  className = PLAIN,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-label={label}
      className={`${ROUND_ICON} ${className}`}
      disabled={!hydrated || disabled}
      {...props}
    />
  );
}

export const roundIconLink = `${ROUND_ICON} ${PLAIN}`;
