import fp from 'fastify-plugin';
import { registerMailer } from './mail.service.ts';

/** The mail sender: `mailModule` decorates the app itself with `app.mailer`, before the modules that send mail. */
export const mailModule = fp(async (app) => registerMailer(app), { name: 'mail' });
export type { Mail, MailWriter, SendMail } from './mail.service.ts';
