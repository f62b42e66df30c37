import type { NotificationStreamEvent } from '@inkwell/contracts';
import { bearer } from './factories.ts';

export interface StreamReader {
  status: number;
  contentType: string | null;
  /** The data of the next event, or null when the stream ends first; fails after `ms`. */
  next(ms?: number): Promise<NotificationStreamEvent | null>;
  heartbeats(): number;
  close(): void;
}

/** Reads the stream the way the web app does: fetch with the Authorization header, then the body's chunks. */
export async function openNotificationStream(url: string, token: string): Promise<StreamReader> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/notification/stream`, { headers: bearer(token), signal: controller.signal });
  const events: (NotificationStreamEvent | null)[] = [];
  const waiters: (() => void)[] = [];
  let heartbeats = 0;
  const push = (event: NotificationStreamEvent | null) => {
    events.push(event);
    waiters.splice(0).forEach((wake) => wake());
  };
  void (async () => {
    if (!res.body) return push(null);
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) heartbeats++;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // Aborted by close().
    }
    push(null);
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    heartbeats: () => heartbeats,
    close: () => controller.abort(),
    async next(ms = 5000) {
      const deadline = Date.now() + ms;
      while (events.length === 0) {
        if (Date.now() > deadline) throw new Error('no event in time');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events.shift()!;
    },
  };
}
