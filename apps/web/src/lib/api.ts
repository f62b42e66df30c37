import type { z } from 'zod';
import { AuthMessages } from '@inkwell/contracts';
import type { ApiPaths, ErrorCode, FORM_DATA } from '@inkwell/contracts';
import { currentToken, endRefusedSession } from './session.tsx';

/**
 * An API failure carrying the server's `{ error, code }`: the text is shown to users as is, the code
 * (packages/contracts/src/error-codes.ts) is what the app branches on. A failure with no answer of
 * the server's has no code.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  constructor(status: number, message: string, code?: ErrorCode) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Whether a page's subject (a blog, a profile, a preview) is not there: the API found nothing by
 * its name, or refused the name outright (400: longer than any can be, as a scanner's is).
 */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/*
 * What api() knows of a call comes from the contracts' map of the API (packages/contracts/src/api-paths.ts),
 * as types only: the map holds zod schemas, which load after the page (contract-schemas.ts).
 */

/** A path of the map as it is sent: its `:name` parts filled in (`/unsubscribe/:token` is `/unsubscribe/<token>`). */
type Filled<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Filled<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
/** Every path api() calls. */
export type ApiPath = { [K in keyof ApiPaths]: Filled<K> }[keyof ApiPaths];
/** The map's entry for a path as sent. */
type CallOf<P extends ApiPath> = { [K in keyof ApiPaths]: P extends Filled<K> ? ApiPaths[K] : never }[keyof ApiPaths];
/** What a call answers, once checked: its success, or its 202 Accepted answer when it has one. */
export type ApiAnswer<P extends ApiPath> = z.output<CallOf<P>['answer']> | AcceptedOf<CallOf<P>>;
type AcceptedOf<C> = C extends { accepted: z.ZodType } ? z.output<C['accepted']> : never;
type BodyOf<C> = C extends { body: typeof FORM_DATA }
  ? FormData
  : C extends { body: z.ZodType }
    ? z.input<C['body']>
    : never;

interface CallOptions {
  /** GET for the calls the map says are; POST (the default) for the others. */
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Send the stored access token (the spec's (A) calls). */
  auth?: boolean;
  signal?: AbortSignal;
}
/** A call's options: its method, and the body its contract takes (none when it takes none). */
export type RequestOptions<P extends ApiPath> = Omit<CallOptions, 'method' | 'body'> &
  (CallOf<P> extends { method: 'GET' } ? { method: 'GET' } : { method?: 'POST' }) &
  (CallOf<P> extends { body: unknown } ? { body: BodyOf<CallOf<P>> } : { body?: never });
/** The options of a call that needs none (a POST without a body) may be left out. */
type OptionsOf<P extends ApiPath> = object extends RequestOptions<P> ? [RequestOptions<P>?] : [RequestOptions<P>];

/**
 * A call answered in-process (entry-server.tsx): its status and body as the API would send them,
 * already checked and encoded against the contract by the server (modules/web/reading-calls.ts),
 * JSON values only. api() takes its body as it is: sending a long blog's 1.7 MB through JSON to
 * check it a second time took a fifth of the server renderer's time (docs/performance.md).
 */
export interface CheckedAnswer {
  status: number;
  body: unknown;
}

/** How a call reaches the server: `fetch` in the browser; entry-server.tsx answers the reading calls in-process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response | CheckedAnswer>;

let transport: ApiTransport = (path, init) => fetch(path, init);

export function sendApiCallsThrough(next: ApiTransport) {
  transport = next;
}

/** Calls the API at `path` with the body its contract takes, and answers what its contract says it answers (checked). */
export async function api<P extends ApiPath>(path: P, ...[options]: OptionsOf<P>): Promise<ApiAnswer<P>> {
  const { method = 'POST', body, auth = false, signal }: CallOptions = options ?? {};
  const headers: Record<string, string> = {};
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const token = auth ? currentToken() : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response | CheckedAnswer;
  try {
    response = await transport(path, {
      method,
      headers,
      body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw unreachable();
  }
  if (!(response instanceof Response)) {
    if (!isSuccess(response.status)) throw refusal(response.status, response.body, token);
    return response.body as ApiAnswer<P>;
  }
  const data: unknown = await response.json().catch((error: unknown) => {
    // Cancelled while the body was still arriving: a cancellation, not a malformed answer.
    if (signal?.aborted) throw error;
    return null;
  });
  if (!response.ok) throw refusal(response.status, data, token);
  // An answer without content (a read counted) has nothing to check: zod need not load for it.
  if (response.status === 204) return data as ApiAnswer<P>;
  // zod and the schemas load here, after the page: a server-rendered page's answers were checked on the server.
  const { apiCallOf } = await import('./contract-schemas.ts');
  const call = apiCallOf(path)!;
  const parsed = (response.status === 202 && call.accepted ? call.accepted : call.answer).safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected response from the server');
  return parsed.data as ApiAnswer<P>;
}

/** The error of a call whose answer never came. */
export const unreachable = () => new ApiError(0, 'Could not reach the server. Check your connection.');

/** Whether a status is a success, as `Response.ok` says. */
const isSuccess = (status: number) => status >= 200 && status < 300;

/** The error of a call the server refused (`status`): its `{ error, code }` when the answer (`data`) is ours. */
export function refusal(status: number, data: unknown, token: string | undefined): ApiError {
  const { error, code } = (data ?? {}) as { error?: unknown; code?: ErrorCode };
  // The token was refused (revoked, expired, the password changed): the session ends in every tab
  // and says so once; a caller showing why it failed shows the same words.
  if (status === 401 && token) {
    endRefusedSession(token);
    return new ApiError(401, AuthMessages.sessionEnded, code);
  }
  return new ApiError(status, typeof error === 'string' ? error : `Request failed (${status})`, code);
}

/**
 * TanStack Query's retry: once for a network error or a server failure (5xx), which may pass;
 * never for a refusal (4xx), which answers the same again (a missing blog is 'Page not found' at once).
 */
export const retryUnlessRefused = (failureCount: number, error: Error) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
