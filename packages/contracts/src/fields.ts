import { Messages } from './messages.ts';
import { SettingsMessages } from './settings-rules.ts';

/**
 * A refusal about one field of a form: the rule that fails knows which field it checked, so a
 * form can show `message` beside the input named `field` as well as in a toast.
 */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Refusals only the server can make (it alone knows which e-mails and usernames are taken, and the
 * stored password), by the field they are about. It answers `{ error }` alone, so a form finds the
 * field from the text.
 */
const SERVER_REFUSAL_FIELDS: Record<string, string> = {
  [Messages.emailExists]: 'email',
  [SettingsMessages.usernameTaken]: 'username',
  [SettingsMessages.wrongCurrentPassword]: 'currentPassword',
};

/** The field a server refusal is about, or undefined when it concerns the whole form. */
export const refusalField = (message: string): string | undefined => SERVER_REFUSAL_FIELDS[message];
