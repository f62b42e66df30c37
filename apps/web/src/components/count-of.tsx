import { formatCount, nounFor } from '@inkwell/contracts';

/**
 * A count shown as its number beside an icon, with its noun for screen readers alone: they read "12 likes"
 * (an `aria-label` on a plain span is not read, and is invalid ARIA), the eye sees the heart and 12.
 */
export function CountOf({ count, noun, plural }: { count: number; noun: string; plural?: string }) {
  return (
    <>
      {formatCount(count)}
      <span className="sr-only"> {nounFor(count, noun, plural)}</span>
    </>
  );
}
