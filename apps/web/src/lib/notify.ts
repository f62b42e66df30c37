import { toast } from './toast.ts';

/*
 * A form's toasts share one id, the form's name: a repeated or newer error replaces the one on
 * screen instead of stacking, and the form's progress or success takes the error's place.
 */

export const formError = (form: string, message: string) => toast.error(message, { id: form });

export const formProgress = (form: string, message: string) => toast.loading(message, { id: form });

export const formSuccess = (form: string, message: string) => toast.success(message, { id: form });

/** Takes the form's toast away (a success that the page itself shows). */
export const formSettled = (form: string) => toast.dismiss(form);

/** An error about no form: the same message again replaces itself. */
export const notifyError = (message: string) => toast.error(message, { id: message });
