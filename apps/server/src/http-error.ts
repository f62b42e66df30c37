import type { z } from 'zod';
import {
  ErrorBody,
  ErrorMessages,
  refusal,
  type ErrorCode,
  type FixedErrorCode,
  type Refusal,
} from '@inkwell/contracts';

/** A refusal of the catalogue (packages/contracts/src/error-codes.ts): named by its code when its message is fixed. */
export type RefusalOf = Refusal | FixedErrorCode;

const refusalOf = (given: RefusalOf): Refusal => (typeof given === 'string' ? refusal(given) : given);

/** An error whose message is safe to show a user, answered as `{ error, code }` with `status`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(status: number, given: RefusalOf, headers: Record<string, string> = {}) {
    const { code, message } = refusalOf(given);
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  /** The refusal it answers (made from one, so its code and message are a catalogue pair). */
  get refusal(): Refusal {
    return { code: this.code, message: this.message } as Refusal;
  }
}

/** What an error answer says: the refusal's message for people, its code for programs. */
export const errorBody = (given: RefusalOf): ErrorBody => {
  const { code, message } = refusalOf(given);
  return { error: message, code };
};

export const badRequest = (given: RefusalOf) => new HttpError(400, given);
export const unauthorized = (given: RefusalOf) => new HttpError(401, given);
export const forbidden = (given: RefusalOf) => new HttpError(403, given);
export const notFound = (given: RefusalOf = 'not_found') => new HttpError(404, given);
export const conflict = (given: RefusalOf) => new HttpError(409, given);

/**
 * Checks a request part against a contract schema: its parsed value, or the 400 of the first issue.
 * A missing part is an empty object. Routes declare their schemas (Fastify runs this as their
 * validator, see plugins/route-schemas.ts); `parse` is for calls made in-process.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): { value: z.infer<S> } | { error: HttpError } {
  const result = schema.safeParse(value ?? {});
  return result.success ? { value: result.data } : { error: badRequest(issueRefusal(result.error.issues[0]!, value)) };
}

/** Parses a request part with a contract schema; the first issue becomes a 400. */
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
 * The error answers a route declares, `{ error, code }` unless it answers failures in its own shape, each
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

/** The code of each fixed message: a contract schema that refuses in a catalogue message refuses with its code. */
const CODE_OF_MESSAGE = new Map<string, FixedErrorCode>(
  Object.entries(ErrorMessages).map(([code, message]) => [message, code as FixedErrorCode]),
);

/** A schema's refusal: a rule's own (its message is the catalogue's), or zod's, said in words (`validation_failed`). */
function issueRefusal(issue: z.core.$ZodIssue, value: unknown): Refusal {
  const message = issueMessage(issue, value);
  const code = CODE_OF_MESSAGE.get(message);
  return code ? refusal(code) : { code: 'validation_failed', message };
}

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
