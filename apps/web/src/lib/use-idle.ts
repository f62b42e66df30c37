import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle once the component shows, true from then on: what can
 * wait (a form below the fold of attention) loads then, not with what the reader touches first.
 */
export function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => setIdle(true), 1);
      return () => clearTimeout(timer);
    }
    const call = requestIdleCallback(() => setIdle(true));
    return () => cancelIdleCallback(call);
  }, []);
  return idle;
}
