import type { ButtonHTMLAttributes } from 'react';

/** The round look of icon-only controls (buttons, and links that look like them). */
export const ROUND_ICON = 'flex h-10 w-10 flex-none items-center justify-center rounded-full';
const PLAIN = 'bg-neutral-100 hover:bg-neutral-200';

/** A round button showing only an icon; `label` is what it says to screen readers. */
export function IconButton({ label, className = PLAIN, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return <button type="button" aria-label={label} className={`${ROUND_ICON} ${className}`} {...props} />;
}

export const roundIconLink = `${ROUND_ICON} ${PLAIN}`;
