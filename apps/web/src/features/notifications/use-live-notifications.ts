import { useEffect } from 'react';
import type { NotificationStreamEvent } from '@inkwell/contracts';
import { ApiError } from '../../lib/api.ts';
import { endRefusedSession, useSession } from '../../lib/session.tsx';
import { checkNewNotification } from './api/new-notification.ts';
import { readEventStream } from './api/event-stream.ts';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Without the server's word, a connection silent this long is taken for dead. */
const DEFAULT_SILENCE_MS = 90_000;

const isAbort = (error: unknown) => (error as Error)?.name === 'AbortError';

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Holds `GET /api/notification/stream` open (a fetch, since EventSource cannot send the
 * Authorization header) and hands each event's flag to `onEvent`. A dropped or silent connection
 * is opened again with growing waits; a refused token ends the session, as any refused call does.
 */
async function followStream(token: string, onEvent: (event: NotificationStreamEvent) => void, signal: AbortSignal) {
  let retryMs = FIRST_RETRY_MS;
  while (!signal.aborted) {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop);
    let silenceMs = DEFAULT_SILENCE_MS;
    let watchdog = setTimeout(stop, silenceMs);
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(stop, silenceMs);
    };
    try {
      const response = await fetch('/api/notification/stream', {
        headers: { authorization: `Bearer ${token}` },
        signal: attempt.signal,
      });
      if (response.status === 401) return endRefusedSession(token);
      if (!response.ok || !response.body) throw new Error(`notification stream: ${response.status}`);
      // The schema, and zod with it, load for signed-in readers only, not with the page.
      const { NotificationStreamEvent } = await import('../../lib/contract-schemas.ts');
      await readEventStream(
        response.body,
        ({ event, data }) => {
          const parsed = event === 'notification' ? NotificationStreamEvent.safeParse(JSON.parse(data)) : null;
          if (!parsed?.success) return;
          retryMs = FIRST_RETRY_MS;
          // Two missed heartbeats and a bit: the server says how often they come.
          if (parsed.data.heartbeat_seconds) silenceMs = parsed.data.heartbeat_seconds * 2500;
          onEvent(parsed.data);
        },
        alive,
      );
    } catch (error) {
      if (!isAbort(error)) console.warn(error);
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', stop);
    }
    await pause(retryMs * (0.75 + Math.random() / 2), signal);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }
}

/**
 * Keeps the session's new_notification_available current for the bell and the sidebar: checked
 * once per token (docs/api.md), then live from the stream.
 */
export function useLiveNotifications() {
  const { session, updateSession } = useSession();
  const token = session?.access_token;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    // docs/product/rules.md: a failed check is only logged; a refused token is no failure but the session's end, said once.
    checkNewNotification(controller.signal).then(updateSession, (error: unknown) => {
      if (!isAbort(error) && !(error instanceof ApiError && error.status === 401)) console.error(error);
    });
    void followStream(
      token,
      ({ new_notification_available }) => updateSession({ new_notification_available }),
      controller.signal,
    );
    return () => controller.abort();
  }, [token, updateSession]);
}
