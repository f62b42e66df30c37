import type { z } from 'zod';
import { ErrorBody } from '@inkwell/contracts';

/** An error whose message is safe to show a user, answered as `{ error }` with `status`. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You must be signed in') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Checks a request part against a contract schema: its parsed value, or the 400 whose message is
 * the first issue. A missing part is an empty object. Routes declare their schemas (Fastify runs
 * this as their validator, see plugins/route-schemas.ts); `parse` is for calls made in-process.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): { value: z.infer<S> } | { error: HttpError } {
  const result = schema.safeParse(value ?? {});
  return result.success ? { value: result.data } : { error: badRequest(issueMessage(result.error.issues[0]!, value)) };
}

/** Parses a request part with a contract schema; the first issue becomes a 400 message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const checked = validate(schema, value);
  if ('error' in checked) throw checked.error;
  return checked.value;
}

const ERROR_MEANINGS = {
  400: 'The request is not valid: the message says what to change',
  401: 'No token, or one that is revoked or expired',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with what exists',
  413: 'Too large',
  415: 'Unsupported content type',
  429: 'Rate limited: Retry-After says in how many seconds to try again',
  500: 'Something went wrong on our side',
  503: 'The database is unavailable: Retry-After says when to try again',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** What any route taking a JSON body may answer: invalid (or not JSON), too large, not JSON at all. */
export const BODY_ERRORS: ErrorStatus[] = [400, 413, 415];

/**
 * The error answers a route declares, `{ error }` unless it answers failures in its own shape, each
 * described for the OpenAPI document. Every route may answer 500, and 503 when the database is away.
 */
export function errorResponses<B extends z.ZodType = typeof ErrorBody>(
  statuses: ErrorStatus[],
  body?: B,
): Record<ErrorStatus, B> {
  const all = [...new Set<ErrorStatus>([...statuses, 500, 503])];
  return Object.fromEntries(
    all.map((status) => [status, (body ?? ErrorBody).describe(ERROR_MEANINGS[status])]),
  ) as Record<ErrorStatus, B>;
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Messages written in the contracts are user-facing as they are; zod's own ("Invalid input:
 * expected string, received undefined") are said again in words, naming the field.
 */
function issueMessage(issue: z.core.$ZodIssue, value: unknown): string {
  const custom = issue.code === 'custom' || !/^(Invalid|Too|Expected|Unrecognized)/i.test(issue.message);
  if (custom) return issue.message;
  const field = issue.path.join('.');
  if (!field) return issue.code === 'invalid_type' ? 'The request body must be a JSON object' : issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(value, issue.path) === undefined
        ? `${field} is required`
        : `${field} must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} is too long (at most ${issue.maximum} characters)`;
      if (issue.origin === 'array') return `${field} has too many items (at most ${issue.maximum})`;
      return `${field} must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} is too short (at least ${issue.minimum} characters)`;
      if (issue.origin === 'array')
        return `${field} needs at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
      return `${field} must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}
