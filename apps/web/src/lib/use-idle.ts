import { useEffect, useState } from 'react';

/** Calls `then` once the browser is next idle (a moment later where it cannot tell); answers how to call it off. */
export function onceIdle(then: () => void): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(then, 1);
    return () => clearTimeout(timer);
  }
  const call = requestIdleCallback(() => then());
  return () => cancelIdleCallback(call);
}

/**
 * False until the browser is first idle once the component shows, true from then on: what can
 * wait (a form below the fold of attention) loads then, not with what the reader touches first.
 */
export function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => onceIdle(() => setIdle(true)), []);
  return idle;
}
