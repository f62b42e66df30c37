import type { z } from 'zod';

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

/** Parses a request part with a contract schema; the first issue becomes a 400 message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw badRequest(issueMessage(result.error.issues[0]!, value));
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
      return valueAt(value, issue.path) === undefined ? `${field} is required` : `${field} must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} is too long (at most ${issue.maximum} characters)`;
      if (issue.origin === 'array') return `${field} has too many items (at most ${issue.maximum})`;
      return `${field} must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} is too short (at least ${issue.minimum} characters)`;
      if (issue.origin === 'array') return `${field} needs at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
      return `${field} must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
}
