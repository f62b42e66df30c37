import net from 'node:net';

export interface TcpProxy {
  /** The port to connect to instead of the target's. */
  port: number;
  /** The target goes down: every connection is reset and new ones are refused. */
  cut(): void;
  /** The target goes silent (a network partition): connections stay open, and new ones are accepted, but nothing gets through either way. */
  blackhole(): void;
  /** The target is back: new connections go through, and so does whatever a partition held up. */
  restore(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
}

/** A TCP hop to `target` that a test breaks the ways a database server breaks, to see what the server does about it. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: 'up' | 'cut' | 'silent' = 'up';
  const pairs = new Set<Pair>();

  const forward = (pair: Pair) => {
    if (!pair.upstream) {
      const upstream = net.connect(target.port, target.host);
      upstream.on('error', () => pair.client.destroy());
      upstream.on('close', () => pair.client.destroy());
      pair.upstream = upstream;
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
    pair.client.resume();
  };
  const hold = (pair: Pair) => {
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  };

  const server = net.createServer((client) => {
    if (state === 'cut') return void client.resetAndDestroy();
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (state === 'up') forward(pair);
    else hold(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      state = 'cut';
      for (const pair of pairs) pair.client.resetAndDestroy();
    },
    blackhole() {
      state = 'silent';
      for (const pair of pairs) hold(pair);
    },
    restore() {
      if (state === 'silent') for (const pair of pairs) forward(pair);
      state = 'up';
    },
    async close() {
      for (const pair of pairs) pair.client.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
