import type { ErrorCode } from './error-codes.ts';

/**
 * A refusal about one field of a form: the rule that fails knows which field it checked, so a
 * form can show `message` beside the input named `field` as well as in a toast. The shared rules
 * answer it with the refusal's code too (FieldRefusal); a check only the web app makes has none.
 */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Refusals only the server can make (it alone knows which e-mails and usernames are taken, and the
 * stored password), by the field they are about: a form finds the field from the answer's code.
 */
const SERVER_REFUSAL_FIELDS: Partial<Record<ErrorCode, string>> = {
  email_taken: 'email',
  username_taken: 'username',
  wrong_current_password: 'currentPassword',
};

/** The field a server refusal is about, or undefined when it concerns the whole form (or has no code). */
export const refusalField = (code: ErrorCode | undefined): string | undefined => code && SERVER_REFUSAL_FIELDS[code];
