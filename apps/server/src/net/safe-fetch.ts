import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Refusal } from '@inkwell/contracts';
import { isBlockedAddress } from './blocked-addresses.ts';
import { SOFTWARE_NAME } from '../software-version.ts';

/**
 * Why a fetch was refused or failed, in words a user may read, as a refusal to answer with `status`:
 * `file_too_large` (413) when too large, else `fetch_failed` (400).
 */
export class FetchRefused extends Error {
  readonly status: number;
  readonly refusal: Refusal;
  constructor(message: string, code: 'fetch_failed' | 'file_too_large' = 'fetch_failed') {
    super(message);
    this.status = code === 'file_too_large' ? 413 : 400;
    this.refusal = { code, message };
  }
}

export interface SafeFetchOptions {
  /** Test only: host names let through although they resolve to a refused address. */
  allowHosts?: string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
}

export interface FetchedResource {
  /** The address finally answered, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

const DEFAULTS = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The address to connect to for a URL, after checking the scheme and every address its host resolves to. */
async function resolveTarget(url: URL, allowHosts: string[]): Promise<Target> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('Only http and https addresses can be fetched');
  // WHATWG URL has already turned 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allowHosts.includes(host);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new FetchRefused('The address could not be found');
    }
  }
  if (addresses.length === 0) throw new FetchRefused('The address could not be found');
  // One bad address among several is enough to refuse: a resolver may hand either out.
  if (!allowed && addresses.some((a) => isBlockedAddress(a.address)))
    throw new FetchRefused('This address cannot be fetched');
  // IPv4 first: it is what a host answers on most reliably.
  const chosen = addresses.find((a) => a.family === 4) ?? addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/** Connects to the checked address whatever a second DNS answer would say (no rebinding). */
function pinnedLookup({ address, family }: Target): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const USER_AGENT = `${SOFTWARE_NAME}Bot/1.0 (+link preview, image import and ActivityPub)`;

interface Outgoing {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
}

function request(target: Target, outgoing: Outgoing, signal: AbortSignal): Promise<IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target.url, {
      method: outgoing.method,
      lookup: pinnedLookup(target),
      signal,
      headers: { 'user-agent': USER_AGENT, ...outgoing.headers },
      // Sockets are never reused, so each hop really connects to the address checked for it.
      agent: false,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(outgoing.body);
  });
}

const describeSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.floor(bytes / 1024)} KB`;

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const tooLarge = () => new FetchRefused(`The file is too large (max ${describeSize(maxBytes)})`, 'file_too_large');
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseUrl(rawUrl: string): URL {
  try {
    return new URL(rawUrl);
  } catch {
    throw new FetchRefused('The address is not a valid URL');
  }
}

const lowerCase = (hosts: string[] = []) => hosts.map((host) => host.toLowerCase());

/**
 * GETs a URL a user gave us without letting them reach inside our network: http/https only,
 * every hop's host resolved and checked here, the connection made to the checked address,
 * redirects followed by hand (and checked again), time and size capped.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const settings = { ...DEFAULTS, accept: '*/*', ...options };
  const allowHosts = lowerCase(options.allowHosts);
  let url = parseUrl(rawUrl);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await resolveTarget(url, allowHosts);
      const response = await request(target, { method: 'GET', headers: { accept: settings.accept } }, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirects >= settings.maxRedirects) throw new FetchRefused('Too many redirects');
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new FetchRefused(`The address answered with status ${status}`);
      }
      const body = await readBody(response, settings.maxBytes);
      return { url: url.href, contentType: String(response.headers['content-type'] ?? ''), body };
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) throw new FetchRefused('The address took too long to answer');
    throw new FetchRefused('The address could not be fetched');
  }
}

export interface PostAnswer {
  status: number;
  /** The start of the answer, for a log line when it is a refusal. */
  text: string;
}

/**
 * POSTs to a URL learned from elsewhere (a remote inbox) under the same checks as safeFetch: the
 * host resolved and checked, the connection pinned to the checked address. A redirect is not
 * followed (a POST that moves is an error to retry, not a second address to trust); any status
 * is answered, for the caller to judge.
 */
export async function safePost(
  rawUrl: string,
  body: Buffer,
  options: Pick<SafeFetchOptions, 'allowHosts' | 'timeoutMs'> & { headers?: Record<string, string> } = {},
): Promise<PostAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULTS.timeoutMs);
  const target = await resolveTarget(parseUrl(rawUrl), lowerCase(options.allowHosts));
  try {
    const response = await request(
      target,
      { method: 'POST', headers: { 'content-length': String(body.length), ...options.headers }, body },
      signal,
    );
    const text = (await readBody(response, 64 * 1024).catch(() => Buffer.alloc(0))).toString('utf8');
    return { status: response.statusCode ?? 0, text };
  } catch (error) {
    if (signal.aborted) throw new FetchRefused('The address took too long to answer');
    throw new FetchRefused(`The address could not be reached: ${(error as Error).message}`);
  }
}
