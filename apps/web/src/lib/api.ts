import type { z } from 'zod';
import { AuthMessages } from '@inkwell/contracts';
import type * as Contracts from '@inkwell/contracts';
import type { ErrorCode } from '@inkwell/contracts';
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

type Contracts = typeof Contracts;
/** The name of a schema of the contracts (packages/contracts), which api() loads when it first checks an answer. */
export type ContractSchema = { [K in keyof Contracts]: Contracts[K] extends z.ZodType ? K : never }[keyof Contracts];
type Answer<S> = S extends ContractSchema ? z.infer<Contracts[S]> : unknown;

export interface RequestOptions<S extends ContractSchema | undefined> {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Send the stored access token (the spec's (A) calls). */
  auth?: boolean;
  /** Validate the response with this contract schema. */
  schema?: S;
  signal?: AbortSignal;
}

/** How a call reaches the server: `fetch` in the browser; entry-server.tsx answers the reading calls in-process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

export function sendApiCallsThrough(next: ApiTransport) {
  transport = next;
}

export async function api<S extends ContractSchema | undefined = undefined>(
  path: string,
  { method = 'POST', body, auth = false, schema, signal }: RequestOptions<S> = {},
): Promise<Answer<S>> {
  const headers: Record<string, string> = {};
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const token = auth ? currentToken() : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection.');
  }
  const data: unknown = await response.json().catch((error: unknown) => {
    // Cancelled while the body was still arriving: a cancellation, not a malformed answer.
    if (signal?.aborted) throw error;
    return null;
  });
  // A refusal's `{ error, code }`, when the answer is ours.
  const { error, code } = (data ?? {}) as { error?: unknown; code?: ErrorCode };
  // The token was refused (revoked, expired, the password changed): the session ends in every tab
  // and says so once; a caller showing why it failed shows the same words.
  if (response.status === 401 && token) {
    endRefusedSession(token);
    throw new ApiError(401, AuthMessages.sessionEnded, code);
  }
  if (!response.ok)
    throw new ApiError(
      response.status,
      typeof error === 'string' ? error : `Request failed (${response.status})`,
      code,
    );
  if (!schema) return data as Answer<S>;
  // zod and the schemas load here, after the page: a server-rendered page's answers were checked on the server.
  const contracts = await import('./contract-schemas.ts');
  const parsed = (contracts[schema] as z.ZodType).safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected response from the server');
  return parsed.data as Answer<S>;
}

/**
 * TanStack Query's retry: once for a network error or a server failure (5xx), which may pass;
 * never for a refusal (4xx), which answers the same again (a missing blog is 'Page not found' at once).
 */
export const retryUnlessRefused = (failureCount: number, error: Error) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
