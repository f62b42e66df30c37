import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
import { defineIsland } from '../../lib/island.tsx';
import { notifyError } from '../../lib/notify.ts';

/** How long the button says Copied. */
const COPIED_MS = 2000;

/**
 * Copies the code of the block it sits in; it says so on the button and to screen readers. It reads
 * the code off the page, so the island carries no second copy of it: as props, the code and its
 * highlighting were a third of a long blog's page.
 */
function CopyButton() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (button: HTMLElement) => {
    try {
      await navigator.clipboard.writeText(button.closest('.prose-code')!.querySelector('pre')!.textContent);
      setCopied(true);
    } catch {
      notifyError('Could not copy the code');
    }
  };
  return (
    <>
      <button type="button" className="prose-code__copy" onClick={(event) => void copy(event.currentTarget)}>
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> code</span>
      </button>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}

/** A code block's Copy, there once the page has hydrated: a page without JavaScript has none. */
const CopyCode = () => (useHydrated() ? <CopyButton /> : null);

/** A code block's Copy as an island of its own, loaded once its block comes into view; the block itself is the page's HTML. */
export const CopyCodeIsland = defineIsland<Record<string, never>>('copy-code', CopyCode);
