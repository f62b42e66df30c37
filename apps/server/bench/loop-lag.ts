/**
 * Loaded into the server by `npm run bench:embedded` (node --import): how long its event loop
 * stalled. Asked over the IPC channel, it answers the largest and the 99th-percentile delay in
 * milliseconds since it was last asked, and starts counting again.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopLag {
  maxMs: number;
  p99Ms: number;
}

const delays = monitorEventLoopDelay({ resolution: 10 });
delays.enable();
process.on('message', (message) => {
  if (message !== 'loop-lag') return;
  process.send!({ maxMs: delays.max / 1e6, p99Ms: delays.percentile(99) / 1e6 } satisfies LoopLag);
  delays.reset();
});
// The server must still end when it would without the bench listening.
process.channel?.unref();
