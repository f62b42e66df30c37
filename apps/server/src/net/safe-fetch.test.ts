import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../test/local-server.ts';
import { isBlockedAddress } from './blocked-addresses.ts';
import { FetchRefused, safeFetch, safePost } from './safe-fetch.ts';

let server: LocalServer;
const allowHosts = ['localhost'];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Hello</title>');
    } else if (url.pathname === '/to-loopback') {
      res.writeHead(302, { location: `http://127.0.0.1:${server.port}/page` }).end();
    } else if (url.pathname === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url.pathname === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    } else if (url.pathname === '/relative-redirect') {
      res.writeHead(302, { location: '/page' }).end();
    } else if (url.pathname === '/chain') {
      const left = Number(url.searchParams.get('left'));
      res.writeHead(302, { location: left > 1 ? `/chain?left=${left - 1}` : '/page' }).end();
    } else if (url.pathname === '/big-declared') {
      res.writeHead(200, { 'content-length': String(2048) }).end(Buffer.alloc(2048));
    } else if (url.pathname === '/big-streamed') {
      res.writeHead(200);
      for (let i = 0; i < 4; i++) res.write(Buffer.alloc(1024));
      res.end();
    } else if (url.pathname === '/inbox' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.writeHead(202).end(`${req.headers.signature} ${body}`));
    } else if (url.pathname === '/hang') {
      // Never answers: only the fetcher's time limit ends this request.
    } else if (url.pathname === '/slow-body') {
      res.writeHead(200);
      res.write('a');
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(() => server.close());

async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return error as FetchRefused;
}

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '2002:7f00:1::',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])(
    'lets %s through',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );
});

describe('safeFetch', () => {
  it('fetches from a host the test allowlist names, following a relative redirect', async () => {
    const page = await safeFetch(`${server.url}/relative-redirect`, { allowHosts });
    expect(page.url).toBe(`${server.url}/page`);
    expect(page.contentType).toBe('text/html');
    expect(page.body.toString()).toBe('<title>Hello</title>');
  });

  it.each([
    ['file:///etc/passwd', 'Only http and https addresses can be fetched'],
    ['ftp://example.com/x', 'Only http and https addresses can be fetched'],
    ['javascript:alert(1)', 'Only http and https addresses can be fetched'],
    ['not a url', 'The address is not a valid URL'],
  ])('refuses %s', async (url, message) => {
    expect((await refusal(safeFetch(url))).message).toBe(message);
  });

  it.each([
    'http://127.0.0.1:PORT/page',
    'http://localhost:PORT/page',
    'http://2130706433:PORT/page',
    'http://0x7f000001:PORT/page',
    'http://0177.0.0.1:PORT/page',
    'http://017700000001:PORT/page',
    'http://127.1:PORT/page',
    'http://0.0.0.0:PORT/page',
    'http://[::1]:PORT/page',
    'http://[::ffff:127.0.0.1]:PORT/page',
    'http://[0:0:0:0:0:ffff:7f00:1]:PORT/page',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.0.1/',
    'http://100.64.1.1/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://224.0.0.251/',
    'https://127.0.0.1:PORT/',
  ])('refuses the loopback, private, link-local and multicast address %s without the allowlist', async (template) => {
    const error = await refusal(safeFetch(template.replace('PORT', String(server.port))));
    expect(error.message).toBe('This address cannot be fetched');
    expect(error.status).toBe(400);
  });

  it('lets an allowed host through only by its name, not by its address', async () => {
    const error = await refusal(safeFetch(`http://127.0.0.1:${server.port}/page`, { allowHosts }));
    expect(error.message).toBe('This address cannot be fetched');
  });

  it.each(['/to-loopback', '/to-metadata'])(
    're-checks every redirect: %s from an allowed server is refused',
    async (path) => {
      expect((await refusal(safeFetch(`${server.url}${path}`, { allowHosts }))).message).toBe(
        'This address cannot be fetched',
      );
    },
  );

  it('refuses a redirect to another scheme', async () => {
    expect((await refusal(safeFetch(`${server.url}/to-file`, { allowHosts }))).message).toBe(
      'Only http and https addresses can be fetched',
    );
  });

  it('follows at most 5 redirects', async () => {
    expect((await safeFetch(`${server.url}/chain?left=5`, { allowHosts })).body.toString()).toBe(
      '<title>Hello</title>',
    );
    expect((await refusal(safeFetch(`${server.url}/chain?left=6`, { allowHosts }))).message).toBe('Too many redirects');
  });

  it('caps the size, whether declared or streamed', async () => {
    for (const path of ['/big-declared', '/big-streamed']) {
      const error = await refusal(safeFetch(`${server.url}${path}`, { allowHosts, maxBytes: 1024 }));
      expect(error.status).toBe(413);
      expect(error.message).toBe('The file is too large (max 1 KB)');
    }
    expect((await safeFetch(`${server.url}/big-streamed`, { allowHosts, maxBytes: 4096 })).body.length).toBe(4096);
  });

  it('gives up on a server that does not answer, or answers too slowly', async () => {
    for (const path of ['/hang', '/slow-body']) {
      const error = await refusal(safeFetch(`${server.url}${path}`, { allowHosts, timeoutMs: 300 }));
      expect(error.status).toBe(400);
      expect(error.message).toBe('The address took too long to answer');
    }
  });

  it('reports an error status as a failure', async () => {
    expect((await refusal(safeFetch(`${server.url}/missing`, { allowHosts }))).message).toBe(
      'The address answered with status 404',
    );
  });
});

describe('safePost', () => {
  it('posts the body and headers to an allowed host and answers the status, and refuses a loopback address', async () => {
    const answer = await safePost(`${server.url}/inbox`, Buffer.from('{"type":"Create"}'), {
      allowHosts,
      headers: { signature: 'sig' },
    });
    expect(answer).toEqual({ status: 202, text: 'sig {"type":"Create"}' });
    expect((await refusal(safePost(`http://127.0.0.1:${server.port}/inbox`, Buffer.from('{}')))).message).toBe(
      'This address cannot be fetched',
    );
  });
});
