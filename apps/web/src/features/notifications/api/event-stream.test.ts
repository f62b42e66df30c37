import { expect, it } from 'vitest';
import { readEventStream, type StreamEvent } from './event-stream.ts';

/** A response body that arrives in the given pieces, as a network would cut it. */
function body(pieces: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

it('reads events cut anywhere by the network, skips heartbeats but reports every chunk as life', async () => {
  const text =
    'event: notification\ndata: {"new_notification_available":false,"heartbeat_seconds":25}\n\n' +
    ': heartbeat\n\n' +
    'data: first\ndata: second\n\n' +
    'event: notification\r\ndata: {"new_notification_available":true}\r\n\r\n' +
    'data: café\n\n' +
    'event: unfinished\ndata: never ends';
  // Three-byte pieces split fields, lines and the two bytes of the é.
  const bytes = new TextEncoder().encode(text);
  const pieces = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.slice(i * 3, i * 3 + 3));
  const events: StreamEvent[] = [];
  let chunks = 0;

  await readEventStream(
    body(pieces),
    (event) => events.push(event),
    () => chunks++,
  );

  expect(events).toEqual([
    { event: 'notification', data: '{"new_notification_available":false,"heartbeat_seconds":25}' },
    { event: 'message', data: 'first\nsecond' },
    { event: 'notification', data: '{"new_notification_available":true}' },
    { event: 'message', data: 'café' },
  ]);
  expect(chunks).toBe(pieces.length);
});

it('hears no event from heartbeats alone', async () => {
  const events: StreamEvent[] = [];
  const encode = (s: string) => new TextEncoder().encode(s);
  await readEventStream(body([encode(': heartbeat\n\n'), encode(': heartbeat\n'), encode('\n')]), (event) =>
    events.push(event),
  );
  expect(events).toEqual([]);
});
