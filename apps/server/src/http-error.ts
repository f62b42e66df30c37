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
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  // Messages written in the contracts are user-facing as they are; zod's own get the field name.
  const custom = issue.code === 'custom' || !/^(Invalid|Too|Expected|Unrecognized)/i.test(issue.message);
  throw badRequest(custom || !field ? issue.message : `${field}: ${issue.message}`);
}
