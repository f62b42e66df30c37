import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * A sender of plain-text mail through SMTP_URL; call it while registering a plugin (it closes
 * the pooled connections with the app). Without SMTP the mail goes to the server log, so a
 * self-hoster can still read a reset link.
 */
export function createMailer(app: FastifyInstance): SendMail {
  const { smtpUrl, mailFrom } = app.config;
  if (!smtpUrl) {
    return async (mail) => {
      app.log.warn(`SMTP_URL is not set; this mail was written here instead:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  app.addHook('onClose', async () => transport.close());
  return async (mail) => {
    await transport.sendMail({ from: mailFrom, ...mail });
  };
}
