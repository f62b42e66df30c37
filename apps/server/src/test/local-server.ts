import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** Base URL through the host name `localhost`, e.g. http://localhost:41234 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A throw-away HTTP server on the loopback interface, for pages and images the SSRF-safe
 * fetcher may reach only because tests put `localhost` in FETCH_ALLOW_HOSTS.
 */
export async function startLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
